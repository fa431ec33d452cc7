import type { ApiRoute } from '../route-table';
import { describeOperation, templated, type SchemaRegistry } from './describe-operation';
import { errorSchemas } from './error-schemas';
import { formSchema, type Schema } from './form-schema';
import { headerSchemas } from './headers';
import { outsidePaths } from './outside-operations';
import { tagDescription } from './tags';
import { webhookDescriptions } from './webhooks';

/** The API's version (SPEC 9), the description's `info.version`. */
export const API_VERSION = '2';

/** Where every API path starts; the token is its last segment. */
export const API_PREFIX = '/api/v2/{api_token}';

const INTRODUCTION = [
  'PIPS keeps parts and their revisions, bills of material, inventory in locations and sublocations, purchase orders, attachments and reference data, over HTTP in XML. This document is the reference of the API; the guide (`docs/guide.md` in the repository) walks through a first session.',
  '**The token is a path segment.** Every operation is under `/api/v2/{api_token}/`: the token is the segment after `/api/v2`, not a header, so it is described as the path parameter `api_token` of every operation. On this page, enter it once in the **API token** field at the top and every operation uses it. A missing, unknown or revoked token is 401 whatever the path. Tokens are issued with `pips token create`; some operations also need a permission, named on each, and a read-only token is refused every change (403). The signed downloads, the probes and the metrics are outside the prefix and take no token.',
  '**Examples.** On a server whose reference data was created first (a manufacturer, a part type, a unit, an inventory location and its sublocation: id 1 of each), every request body\'s example succeeds sent unchanged, with the ids the page fills in, once the examples that make what it names were sent: the vendor, the second unit, the parts (the part example sent twice), the bill line and the stock each come from an example of their own. A delete\'s id is left for you to type.',
  '**Wire.** Responses are XML with a declaration, fields in the order shown; lists carry `type="array"`; an empty element is null; booleans are `true`/`false`; decimals are exact text with at least one fractional digit. A body is XML whose root is the resource, or form-encoded with Rails bracket keys. Every success is 200; operations shown as empty answer an empty body.',
  '**Errors.** 400 and 422 answer `<errors type="array"><error>…</error></errors>` (a malformed request as a whole, `<error><message>…</message></error>`); 401, 403, 404, 409, 413, 415, 429 and 503 answer `<error><message>…</message></error>`; 500 adds `<request_id>`.',
  '**Retries.** Every change (POST, PUT, DELETE) takes an optional `Idempotency-Key` header: the same request sent again with the same key within 24 hours is given the first answer again (`Idempotent-Replayed: true`) instead of running twice.',
  '**Lists.** Without `page`/`per_page` a list answers every record; with them, a page and the header `X-Pagination`.',
].join('\n\n');

/** Names each response form's schema once; the same name for another form is a mistake in the routes. */
function schemaRegistry(schemas: Record<string, Schema>): SchemaRegistry {
  const owners = new Map<string, unknown>();
  return {
    element(name, element) {
      const owner = owners.get(name);
      if (owner === undefined) {
        owners.set(name, element.form);
        schemas[name] = { ...formSchema(element.form), xml: { name: element.name } };
      } else if (owner !== element.form) {
        throw new Error(`two forms are described as the schema ${name}`);
      }
      return { $ref: `#/components/schemas/${name}`, xml: { name: element.name } };
    },
  };
}

const messageResponse = (description: string, extra: Schema = {}): Schema => ({
  description,
  ...extra,
  content: { 'application/xml': { schema: { $ref: '#/components/schemas/ErrorMessage' } } },
});

/** How the document names its licence: the packages' own, for use inside the company only. */
export const LICENSE = { name: 'Proprietary (UNLICENSED): no permission to use outside the company', identifier: 'LicenseRef-PIPS-Proprietary' };

/** The `servers` entry for `url`: the origin every path is under. */
export const serverEntry = (url: string): Schema => ({ url, description: 'This server' });

/**
 * The OpenAPI 3.1 description of the API, built from its route table: each route's operation as
 * registered with it, each response's schema walked from the form the route writes, and the routes
 * outside the token prefix. `serverUrl` is the origin requests go to (PUBLIC_URL, or the origin
 * the document was asked of); without one, `/`, the server the document is read from.
 */
export function openapiDocument(routes: readonly ApiRoute[], serverUrl = '/'): Schema {
  const schemas: Record<string, Schema> = { ...errorSchemas };
  const registry = schemaRegistry(schemas);
  const paths: Record<string, Schema> = {};
  const tags: string[] = [];
  for (const route of routes) {
    const path = `${API_PREFIX}${templated(route.path)}`;
    const item = (paths[path] ??= {});
    const method = route.method.toLowerCase();
    if (item[method]) throw new Error(`${route.method} ${route.path} is registered twice`);
    item[method] = describeOperation(route, registry);
    if (!tags.includes(route.operation.tag)) tags.push(route.operation.tag);
  }
  for (const [path, item] of Object.entries(outsidePaths)) {
    if (paths[path]) throw new Error(`${path} is described twice`);
    paths[path] = item;
    for (const operation of Object.values(item) as Schema[]) {
      for (const tag of operation.tags as string[]) if (!tags.includes(tag)) tags.push(tag);
    }
  }
  const retry = { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } };
  // What a subscriber is posted: an event as the feed writes it (the feed registered its schema).
  const webhooks = schemas.Event ? { webhooks: webhookDescriptions('Event') } : {};
  return {
    openapi: '3.1.0',
    info: { title: 'PIPS: Parts, Inventory and Purchasing Service', version: API_VERSION, description: INTRODUCTION, license: LICENSE },
    servers: [serverEntry(serverUrl)],
    tags: tags.map((name) => ({ name, description: tagDescription(name) })),
    paths,
    ...webhooks,
    components: {
      schemas,
      parameters: {
        api_token: {
          name: 'api_token',
          in: 'path',
          required: true,
          description: 'The API token: the path segment after `/api/v2`, on every operation.',
          schema: { type: 'string' },
        },
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            "Makes a change safe to send again (the IETF draft \"The Idempotency-Key HTTP Header Field\"): a unique value per change, such as a random UUID, bare or as a quoted string. The first request with a key runs and its answer (a success or a refusal, 4xx) is kept for 24 hours, per token; the same request (method, path, query and body) sent again with the key is given that answer again, marked `Idempotent-Replayed: true`, and changes nothing. The key with another request is 422; while the first request is still being answered, 409. A failure of the service (5xx) is not kept: sending the request again runs it, unless its change had been made. Without the header a request runs as always.",
          // No example: /docs would fill it in and send one key with every request tried there.
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
        },
      },
      headers: headerSchemas(),
      responses: {
        Unauthorized: messageResponse('The token is missing, unknown or revoked (`Invalid API token`).'),
        TooLarge: messageResponse('The body is larger than the server accepts.'),
        UnsupportedMediaType: messageResponse('The body is neither XML nor form-encoded.'),
        RateLimited: messageResponse("Over the token's requests a minute (`RATE_LIMIT_PER_MINUTE`), until its minute is over.", retry),
        InternalError: {
          description: 'Something unexpected failed; the log has the request id.',
          content: { 'application/xml': { schema: { $ref: '#/components/schemas/InternalError' } } },
        },
        Busy: messageResponse(
          'The database did not answer in time, or cannot be reached; nothing was changed: retry after `Retry-After`. Without `Retry-After`, the connection was lost while a change was being committed: it may have been made; read it back before sending it again.',
          retry,
        ),
        IdempotencyKeyInUse: messageResponse(
          'A request with this `Idempotency-Key` is still being answered; nothing was done: send it again after `Retry-After` to be given its answer.',
          retry,
        ),
        StorageFull: messageResponse("The database's disk is full; nothing was changed. Reads go on; writes succeed again once space is freed."),
      },
    },
  };
}
