import { permissionLabels } from '@pips/domain';
import type { ApiRoute } from '../route-table';
import { formBodySchema, formExample, xmlBodySchema } from './body-schema';
import { typedArray, type Schema } from './form-schema';
import { itemErrorsSchema, statusBodies } from './error-schemas';
import { operationExamples } from './examples';
import type { Operation, Response } from './operation';

const XML = 'application/xml';
const FORM = 'application/x-www-form-urlencoded';

/** Where the named schemas of the document are kept while it is built. */
export interface SchemaRegistry {
  /** A `$ref` to the schema `name` of `element`'s form, registered on first use. */
  element(name: string, element: Extract<Response, { kind: 'one' }>['element']): Schema;
}

const ref = (kind: string, name: string): Schema => ({ $ref: `#/components/${kind}/${name}` });

/** `/parts/:part_id/revisions/:id` → `/parts/{part_id}/revisions/{id}`. */
export const templated = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/**
 * The path's ids and the example's query values. Every id a page fills in is 1, which the first
 * steps of the guide make exist (`examples.ts`); a delete's id is left for the reader to type, so
 * no record is deleted by sending a page's request unchanged.
 */
/** A change (POST, PUT, DELETE): what a read-only token is refused, and what an `Idempotency-Key` is read on. */
const isWrite = (route: ApiRoute) => route.method !== 'GET';

function parameters(route: ApiRoute): Schema[] {
  const { operation } = route;
  const example = operationExamples[operation.id];
  const inPath = pathNames(route.path).map((name) => {
    const given = operation.pathParameters?.[name];
    const schema = given?.schema ?? { type: 'integer' };
    return {
      name,
      in: 'path',
      required: true,
      description: given?.description ?? (name === 'id' ? 'The id of the record.' : `The id of the ${name.replace(/_id$/, '').replaceAll('_', ' ')}.`),
      schema,
      ...(route.method !== 'DELETE' && { example: schema.type === 'integer' ? 1 : '1' }),
    };
  });
  const inQuery = (operation.query ?? []).map((parameter) => ({
    name: parameter.name,
    in: 'query',
    ...(parameter.required && { required: true }),
    description: parameter.description,
    schema: parameter.schema,
    ...(example?.query?.[parameter.name] !== undefined && { example: example.query[parameter.name] }),
  }));
  const keyed = isWrite(route) ? [ref('parameters', 'IdempotencyKey')] : [];
  return [ref('parameters', 'api_token'), ...inPath, ...inQuery, ...keyed];
}

/** A write's success may be the kept answer of its first request, given again (`Idempotent-Replayed`). */
function replayable(route: ApiRoute, answer: Schema): Schema {
  if (!isWrite(route)) return answer;
  const headers = { ...(answer.headers as Schema | undefined), 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') };
  return { ...answer, headers };
}

function success(operation: Operation, schemas: SchemaRegistry): Schema {
  const { response } = operation;
  if (response.kind === 'empty') return { description: 'Done; the body is empty (`Content-Length: 0`).' };
  const item = schemas.element(response.schema, response.element);
  if (response.kind === 'one') return { description: `A \`${response.element.name}\` element.`, content: { [XML]: { schema: item } } };
  const list = { ...typedArray(response.root, response.element.name, item), xml: { name: response.root } };
  const paged = response.pages !== 'none';
  return {
    description: `\`${response.root}\` holding a \`${response.element.name}\` element each${response.pages === 'always' ? ', a page at a time' : paged ? '; every one, or a page' : ''}.`,
    ...(paged && { headers: { 'X-Pagination': ref('headers', 'XPagination') } }),
    content: { [XML]: { schema: list } },
  };
}

/**
 * The bodies the error table gives `status`, and the per-item errors where the operation has them.
 * `anyOf`, not `oneOf`: as JSON Schema the bodies overlap (each is an object whose children may be
 * absent); what tells them apart is the root element's name, which no keyword of a choice reads.
 */
function errorContent(status: number, operation: Operation): Schema {
  const bodies: Schema[] = (statusBodies().get(status) ?? []).map((name) => ref('schemas', name));
  if (status === 400 && operation.itemErrors) bodies.push(itemErrorsSchema(operation.itemErrors.root, operation.itemErrors.item));
  return { [XML]: { schema: bodies.length === 1 ? bodies[0] : { anyOf: bodies } } };
}

function permissionText(operation: Operation): string | null {
  if (operation.permission) return `Needs the permission "${permissionLabels[operation.permission]}" (\`${operation.permission}\`).`;
  if (operation.permissionWhen) {
    const { permission, when } = operation.permissionWhen;
    return `Needs the permission "${permissionLabels[permission]}" (\`${permission}\`) ${when}.`;
  }
  return null;
}

function errors(route: ApiRoute): Schema {
  const { operation } = route;
  const out: Schema = {};
  const add = (status: number, description: string) => (out[status] = { description, content: errorContent(status, operation) });
  const writes = isWrite(route);
  if (operation.body || operation.query?.length || operation.itemErrors || writes) {
    const key = writes ? ' An `Idempotency-Key` that is not 1 to 255 visible ASCII characters is 400 too.' : '';
    add(400, `The request is malformed, or a field or parameter is invalid; nothing changed.${key}`);
  }
  out[401] = ref('responses', 'Unauthorized');
  if (operation.permission || operation.permissionWhen || writes) {
    const reasons = [permissionText(operation), writes ? 'A read-only token is refused.' : null].filter(Boolean);
    add(403, `Forbidden. ${reasons.join(' ')}`);
  }
  if (pathNames(route.path).length > 0 || operation.notFoundWhen) {
    add(404, [pathNames(route.path).length > 0 ? 'No record has the id the path names.' : null, operation.notFoundWhen].filter(Boolean).join(' '));
  }
  if (operation.body) {
    out[413] = ref('responses', 'TooLarge');
    out[415] = ref('responses', 'UnsupportedMediaType');
  }
  if (writes) out[409] = ref('responses', 'IdempotencyKeyInUse');
  const reused = writes ? 'The `Idempotency-Key` was sent before with another request, or its request was carried out and its answer not kept.' : null;
  const refused = [operation.refusedWhen, reused].filter(Boolean).join(' ');
  if (refused) add(422, refused);
  out[429] = ref('responses', 'RateLimited');
  out[500] = ref('responses', 'InternalError');
  out[503] = ref('responses', 'Busy');
  if (writes) out[507] = ref('responses', 'StorageFull');
  return out;
}

function requestBody(operation: Operation): Schema | null {
  const { body } = operation;
  if (!body) return null;
  const example = operationExamples[operation.id]?.body;
  return {
    required: body.required,
    description: [
      body.description,
      `An XML body whose root is \`${body.root}\`, or the same fields as form-encoded bracket keys (\`${body.root}[field]\`); query parameters with bracket keys merge in, the body wins. Unknown fields are ignored; an empty element is null.`,
    ]
      .filter(Boolean)
      .join(' '),
    content: {
      [XML]: { schema: xmlBodySchema(body), ...(example && { example }) },
      [FORM]: { schema: formBodySchema(body), ...(example && { example: formExample(body, example) }) },
    },
  };
}

/** The OpenAPI operation object of one route. */
export function describeOperation(route: ApiRoute, schemas: SchemaRegistry): Schema {
  const { operation } = route;
  const notes = [
    operation.description,
    permissionText(operation),
    operation.extension ? 'An extension of API v2: added beside the original operations, changing none of them.' : null,
    operation.beta ? 'Beta: subject to change without notice.' : null,
  ].filter(Boolean);
  const body = requestBody(operation);
  return {
    operationId: operation.id,
    summary: operation.summary,
    ...(notes.length > 0 && { description: notes.join('\n\n') }),
    tags: [operation.tag],
    parameters: parameters(route),
    ...(body && { requestBody: body }),
    responses: { 200: replayable(route, success(operation, schemas)), ...errors(route) },
    ...((operation.permission ?? operation.permissionWhen) && { 'x-pips-permission': operation.permission ?? operation.permissionWhen?.permission }),
    ...(operation.extension && { 'x-pips-extension': true }),
    ...(operation.beta && { 'x-pips-beta': true }),
  };
}
