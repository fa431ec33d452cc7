import { apiRouteList } from '@pips/http';
import { beforeAll, describe, expect, it } from 'vitest';
import { attach, download, linkTo } from './attachment-fixtures';
import { get, post, request, unique, xmlBody, type Reply } from './client';
import { idOf, show, UNKNOWN_ID } from './expect-xml';
import { createVendor } from './fixtures';
import { outline } from './outline';
import { readRequests, readWorld } from './read-requests';
import { documentProblems, resolver, type Schema } from './schema-match';
import { targets } from './suite';
import { writeRequests } from './write-requests';

const routes = apiRouteList();
const templated = (path: string) => `/api/v2/{api_token}${path.replace(/:(\w+)/g, '{$1}')}`;

type Described = { document: Schema; resolve: (schema: Schema) => Schema };

/** The operation the description gives `METHOD /path` (the route table's spelling). */
function operationOf({ document }: Described, key: string): Schema {
  const [method, path] = key.split(' ') as [string, string];
  const operation = (document.paths as Record<string, Record<string, Schema>>)[templated(path)]?.[method.toLowerCase()];
  if (!operation) throw new Error(`the description has no ${key}`);
  return operation;
}

/** The schema the description gives an answer of `status`, or null where it describes an empty body. */
function answerSchema(described: Described, operation: Schema, status: number): Schema | null {
  const response = described.resolve((operation.responses as Record<string, Schema>)[String(status)] ?? {});
  if (response.description === undefined) throw new Error(`${String(operation.operationId)} describes no ${status}`);
  const content = response.content as Record<string, { schema: Schema }> | undefined;
  return content?.['application/xml']?.schema ?? null;
}

/** Fails with every difference between an answer and what the description says of it. */
function expectDocumented(described: Described, key: string, reply: Reply): void {
  const operation = operationOf(described, key);
  const schema = answerSchema(described, operation, reply.status);
  if (schema === null) {
    expect(reply.text, `${key} is described as empty`).toBe('');
    return;
  }
  const problems = documentProblems(outline(reply.text), schema, described.resolve);
  expect(problems, `${key} answered ${show(reply)}`).toEqual([]);
}

describe.each(targets())('answers as the OpenAPI description says, on $name', (target) => {
  let described: Described;
  beforeAll(async () => {
    const reply = await request(target, 'GET', '/openapi.json', { rawPath: true });
    expect(reply.status).toBe(200);
    const document = JSON.parse(reply.text) as Schema;
    described = { document, resolve: resolver(document) };
  });

  it('every read route: element names, order, typed arrays and values as its schema gives them', { timeout: 120_000 }, async () => {
    const world = await readWorld(target);
    const reads = Object.entries(readRequests(world));
    expect(reads.map(([key]) => key).sort()).toEqual(routes.filter((r) => r.method === 'GET').map((r) => `GET ${r.path}`).sort());
    for (const [key, read] of reads) {
      const reply = await get(target, read.path, read.query === undefined ? {} : { query: read.query });
      expect(reply.status, `${key}: ${show(reply)}`).toBe(200);
      expectDocumented(described, key, reply);
      const paged = Object.keys((described.resolve((operationOf(described, key).responses as Record<string, Schema>)['200']!).headers as Schema | undefined) ?? {});
      if (reply.headers.get('x-pagination')) expect(paged, `${key} sends X-Pagination`).toEqual(['X-Pagination']);
    }
  });

  it('every write route: the answer, empty or not, as described', { timeout: 120_000 }, async () => {
    for (const [key, setup] of Object.entries(writeRequests)) {
      const made = await setup(target);
      const reply = await request(target, key.split(' ')[0]!, made.path, made.options);
      expect(reply.status, `${key}: ${show(reply)}`).toBe(200);
      expectDocumented(described, key, reply);
    }
  });

  it('errors: a field error list, a message, and an unknown token, each with its documented body', async () => {
    const blank = await post(target, '/unit', { body: xmlBody('unit', { name: '' }) });
    expect(blank.status).toBe(400);
    expectDocumented(described, 'POST /unit', blank);
    const missing = await get(target, `/unit/${UNKNOWN_ID}`);
    expect(missing.status).toBe(404);
    expectDocumented(described, 'GET /unit/:id', missing);
    const stranger = await get(target, '/unit', { token: unique('nobody') });
    expect(stranger.status).toBe(401);
    expectDocumented(described, 'GET /unit', stranger);
    const forbidden = await get(target, '/inventory_location', { token: target.tokens.none });
    expect(forbidden.status).toBe(403);
    expectDocumented(described, 'GET /inventory_location', forbidden);
  });

  it('the routes outside the token prefix: probes, metrics and a signed download answer as described', async () => {
    const outside = (path: string) => (described.document.paths as Record<string, Record<string, Schema>>)[path]!.get!;
    for (const path of ['/healthz', '/readyz']) {
      const reply = await get(target, path, { rawPath: true });
      expect(reply.status, path).toBe(200);
      expect(documentProblems(outline(reply.text), answerSchema(described, outside(path), 200)!, described.resolve), path).toEqual([]);
    }
    const metrics = await get(target, '/metrics', { rawPath: true });
    expect(metrics.status).toBe(200);
    const metricsTypes = Object.keys((described.resolve((outside('/metrics').responses as Record<string, Schema>)['200']!).content as Schema));
    expect(metricsTypes.map((type) => metrics.headers.get('content-type')?.startsWith(type))).toEqual([true]);

    const vendor = idOf(await createVendor(target));
    const id = await attach(target, { parent: `vendor/${vendor}`, title: 'Terms', filename: 'terms.txt', bytes: Buffer.from('net 30'), contentType: 'text/plain' });
    const { uri } = await linkTo(target, id);
    const fileHeaders = (status: number) => Object.keys((described.resolve((outside('/downloads/attachments/{id}').responses as Record<string, Schema>)[String(status)]!).headers as Schema));
    const file = await download(uri);
    expect(file.status).toBe(200);
    expect(fileHeaders(200).filter((name) => !file.headers.has(name)), 'described headers missing').toEqual([]);
    const part = await download(uri, { Range: 'bytes=0-2' });
    expect(part.status).toBe(206);
    expect(fileHeaders(206).filter((name) => !part.headers.has(name)), 'described headers missing').toEqual([]);
    const altered = new URL(uri);
    altered.searchParams.set('signature', '0'.repeat(64));
    const refused = await get(target, `${altered.pathname}${altered.search}`, { rawPath: true });
    expect(refused.status).toBe(403);
    expect(documentProblems(outline(refused.text), answerSchema(described, outside('/downloads/attachments/{id}'), 403)!, described.resolve)).toEqual([]);
  });

  it('a schema that differs from the answer is found out', () => {
    const unit = described.resolve({ $ref: '#/components/schemas/Unit' });
    const swapped = { ...unit, properties: Object.fromEntries(Object.entries(unit.properties as Schema).reverse()) };
    const answer = outline('<unit><id>1</id><name>m</name><description/><allow_fractional>true</allow_fractional><unit_conversions type="array"/></unit>');
    expect(documentProblems(answer, unit, described.resolve)).toEqual([]);
    expect(documentProblems(answer, swapped, described.resolve)).not.toEqual([]);
    const notAnId = outline('<unit><id>one</id><name>m</name><description/><allow_fractional>true</allow_fractional><unit_conversions type="array"/></unit>');
    expect(documentProblems(notAnId, unit, described.resolve)).toEqual(['/unit/id[0]: "one" is no integer']);
    const notTyped = outline('<unit><id>1</id><name>m</name><description/><allow_fractional>true</allow_fractional><unit_conversions/></unit>');
    expect(documentProblems(notTyped, unit, described.resolve)).toEqual(['/unit/unit_conversions[4]: attribute type missing']);
  });
});
