import { compileErrors, validate } from '@readme/openapi-parser';
import { compileElement, form, text } from '@pips/xml/forms';
import { describe, expect, it } from 'vitest';
import { apiRouteList } from '../api-routes';
import { apiDescription } from './api-description';
import { operationExamples } from './examples';
import type { Schema } from './form-schema';
import { inventoryOperations } from './operations/inventory';
import { linkOperations } from './operations/links';
import { partOperations } from './operations/parts';
import { attachmentOperations, purchaseOrderOperations } from './operations/purchasing';
import { bomOperation, revisionOperations, subpartOperations } from './operations/revisions';

const routes = apiRouteList();
const document = apiDescription();
const paths = document.paths as Record<string, Record<string, Schema>>;
const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;

/** Every operation of the document with its method and path. */
const operations = Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
/** Those under the token prefix: the route table's. */
const apiOperations = operations.filter(({ path }) => path.startsWith('/api/v2/{api_token}/'));
const byId = (id: string) => {
  const found = operations.find((entry) => entry.operation.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found.operation;
};

const properties = (schema: Schema) => Object.keys(schema.properties as Schema);
const responseSchema = (id: string, status = 200) =>
  ((byId(id).responses as Record<string, Schema>)[status]!.content as Record<string, { schema: Schema }>)['application/xml']!.schema;

describe('the OpenAPI description', () => {
  it('validates as OpenAPI 3.1', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has one operation per route of the route table, at its method and templated path, and no other', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !route.operation?.id || !route.operation.summary || !route.operation.tag), 'routes without an operation').toEqual([]);
    const listed = apiOperations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort();
    const expected = routes.map((route) => `${route.method} /api/v2/{api_token}${route.path.replace(/:(\w+)/g, '{$1}')}`).sort();
    expect(listed).toEqual(expected);
    expect(listed).toContain('GET /api/v2/{api_token}/parts/{part_id}/revisions/{id}');
    const ids = routes.map((route) => route.operation.id);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
  });

  it('describes no operation that has no route', () => {
    const element = compileElement('x', form<unknown>([text('a', () => null)]));
    const declared = [
      ...Object.values(partOperations(element, element)),
      ...Object.values(revisionOperations(element, element, element)),
      bomOperation(element),
      ...Object.values(subpartOperations(element)),
      ...Object.values(inventoryOperations({ unit: element, listed: element, searched: element, record: element })),
      ...Object.values(purchaseOrderOperations(element, element)),
      ...Object.values(attachmentOperations(element, element)),
      ...Object.values(linkOperations),
    ].map((operation) => operation.id);
    const registered = new Set(routes.map((route) => route.operation.id));
    expect(declared.filter((id) => !registered.has(id)), 'described but never registered').toEqual([]);
  });

  it('gives every operation the token as a path parameter and each of its path parameters', () => {
    for (const { path, operation } of apiOperations) {
      const parameters = operation.parameters as Schema[];
      expect(parameters[0], `${path}`).toEqual({ $ref: '#/components/parameters/api_token' });
      const named = parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(named, path).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).filter((name) => name !== 'api_token'));
      // Every one may answer a client error: the config turns off Redocly's rule for the probes only.
      expect(Object.keys(operation.responses as Schema), path).toContain('401');
    }
  });

  it('walks the response schemas from the forms: element order, typed values, typed arrays', () => {
    expect(properties(schemas.Unit!)).toEqual(['id', 'name', 'description', 'allow_fractional', 'unit_conversions']);
    expect(schemas.Unit!.xml).toEqual({ name: 'unit' });
    expect((schemas.Unit!.properties as Record<string, Schema>).id).toEqual({ type: ['integer', 'null'] });
    expect((schemas.Unit!.properties as Record<string, Schema>).allow_fractional).toEqual({ type: ['boolean', 'null'] });
    const conversions = (schemas.Unit!.properties as Record<string, Schema>).unit_conversions!;
    expect((conversions.properties as Record<string, Schema>).type).toEqual({ type: 'string', const: 'array', xml: { attribute: true } });
    const conversion = ((conversions.properties as Record<string, Schema>).unit_conversion!.items as Schema);
    expect(properties(conversion)).toEqual(['id', 'to_unit_id', 'factor']);
    expect((conversion.properties as Record<string, Schema>).factor).toMatchObject({ type: ['string', 'null'], format: 'decimal' });
    expect((schemas.Contact!.properties as Record<string, Schema>).created_on).toMatchObject({ type: ['string', 'null'], pattern: expect.any(String) });
    expect((schemas.ContactListed!.properties as Record<string, Schema>).created_at).toMatchObject({ format: 'date-time' });
    // Repeated, unwrapped children; children named by the data; fields written only sometimes.
    expect((schemas.InventoryLocation!.properties as Record<string, Schema>).inventory_sublocation).toMatchObject({ type: 'array', xml: { wrapped: false } });
    expect(Object.keys((schemas.PartRevision!.patternProperties as Schema))).toEqual(['^x_']);
    expect(schemas.PartListed!.required).not.toContain('x_outsourced');
    expect(properties(schemas.PartListed!)).toContain('x_outsourced');
  });

  it('answers lists under their plural root, with X-Pagination where pages are offered', () => {
    const parts = responseSchema('listParts');
    expect(parts.xml).toEqual({ name: 'parts' });
    expect(properties(parts)).toEqual(['type', 'part']);
    const headers = (id: string) => Object.keys(((byId(id).responses as Record<string, Schema>)[200]!.headers as Schema | undefined) ?? {});
    expect(headers('listParts')).toEqual(['X-Pagination']);
    expect(headers('searchInventoryUnits')).toEqual(['X-Pagination']);
    expect(headers('listUnits')).toEqual([]);
    const pagination = (document.components as { headers: Record<string, Schema> }).headers.XPagination!;
    const keys = Object.keys(((pagination.content as Record<string, { schema: Schema }>)['application/json']!.schema.properties as Schema));
    expect(keys).toEqual(['total_entries', 'total_pages', 'per_page', 'current_page', 'first_page', 'last_page', 'previous_page', 'next_page', 'out_of_range']);
  });

  it('describes the request bodies as XML and as bracket keys, with the domain\'s required fields', () => {
    const body = (byId('createPart').requestBody as Schema).content as Record<string, { schema: Schema }>;
    const xml = body['application/xml']!.schema;
    expect(xml.xml).toEqual({ name: 'part' });
    expect(xml.required).toEqual(['manufacturer_pn', 'manufacturer_id', 'parttype_id', 'unit_id']);
    expect((xml.properties as Record<string, Schema>).revision!.required).toEqual(['revision_name']);
    const form = body['application/x-www-form-urlencoded']!.schema;
    expect(form.properties).toHaveProperty(['part[revision][revision_name]']);
    expect(form.properties).toHaveProperty(['part[alternate_parts][][part_id]']);
    expect(form.required).toContain('part[manufacturer_pn]');
    // An update requires nothing of its fields.
    expect(((byId('updateUnit').requestBody as Schema).content as Record<string, { schema: Schema }>)['application/xml']!.schema.required).toBeUndefined();
    const location = ((byId('createInventoryLocation').requestBody as Schema).content as Record<string, { schema: Schema }>)['application/xml']!.schema;
    expect(properties(location)).toContain('inventory_sublocations');
  });

  it('lists the errors each operation may answer, with the bodies of the error table', () => {
    const responses = (id: string) => byId(id).responses as Record<string, Schema>;
    expect(Object.keys(responses('showUnit'))).toEqual(['200', '401', '404', '429', '500', '503']);
    expect(Object.keys(responses('createInventoryLocation'))).toEqual(['200', '400', '401', '403', '409', '413', '415', '422', '429', '500', '503', '507']);
    expect(Object.keys(responses('deletePart'))).toEqual(['200', '400', '401', '403', '404', '409', '422', '429', '500', '503', '507']);
    const badRequest = (responses('addSubparts')[400]!.content as Record<string, { schema: Schema }>)['application/xml']!.schema;
    expect((badRequest.anyOf as Schema[]).map((s) => s.$ref ?? (s.xml as Schema).name)).toEqual(['#/components/schemas/ErrorList', '#/components/schemas/ErrorMessage', 'subparts']);
    expect(responses('showUnit')[429]).toEqual({ $ref: '#/components/responses/RateLimited' });
    const rateLimited = (document.components as { responses: Record<string, Schema> }).responses.RateLimited!;
    expect(Object.keys(rateLimited.headers as Schema)).toEqual(['Retry-After']);
    expect(properties(schemas.ErrorList!)).toEqual(['type', 'error']);
    expect(properties(schemas.ErrorMessage!)).toEqual(['message']);
  });

  it('takes an Idempotency-Key on every write, and on no read', () => {
    const keyParameter = { $ref: '#/components/parameters/IdempotencyKey' };
    for (const { method, operation } of operations.filter(({ path }) => path.startsWith('/api/v2/'))) {
      const parameters = operation.parameters as Schema[];
      const responses = operation.responses as Record<string, Schema>;
      const write = method !== 'get';
      expect(parameters.some((p) => p.$ref === keyParameter.$ref), `${operation.operationId as string}`).toBe(write);
      expect(responses[409] !== undefined, `${operation.operationId as string}`).toBe(write);
      expect(Object.keys((responses[200]!.headers as Schema | undefined) ?? {}).includes('Idempotent-Replayed')).toBe(write);
    }
    const components = document.components as { parameters: Record<string, Schema>; responses: Record<string, Schema> };
    expect(components.parameters.IdempotencyKey).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false });
    expect(Object.keys(components.responses.IdempotencyKeyInUse!.headers as Schema)).toEqual(['Retry-After']);
  });

  it('names the permissions the domain declares, and marks extensions and beta operations', () => {
    expect(byId('createInventoryLocation')['x-pips-permission']).toBe('manage_data');
    expect(byId('listInventoryLocations')['x-pips-permission']).toBe('view_inventory');
    expect(byId('showInventoryUnit')['x-pips-permission']).toBe('view_inventory');
    expect(byId('addSubparts')['x-pips-permission']).toBe('create_draft_revisions');
    expect(byId('updatePart')['x-pips-permission']).toBe('edit_released_revisions');
    expect(byId('showUnit')['x-pips-permission']).toBeUndefined();
    const extensions = operations.filter(({ operation }) => operation['x-pips-extension']).map(({ operation }) => operation.operationId);
    expect(extensions.sort()).toEqual(['explodeBom', 'listEvents', 'listInventoryRecords']);
    expect(byId('listPurchaseOrders')['x-pips-beta']).toBe(true);
  });

  it('names its server, its licence, and what each group of operations is about', () => {
    expect(document.servers).toEqual([{ url: '/', description: 'This server' }]);
    expect(apiDescription('https://pips.internal').servers).toEqual([{ url: 'https://pips.internal', description: 'This server' }]);
    expect((document.info as Schema).license).toMatchObject({ name: expect.stringContaining('UNLICENSED'), identifier: expect.stringMatching(/^LicenseRef-/) });
    const tags = document.tags as { name: string; description?: string }[];
    const used = [...new Set(operations.flatMap(({ operation }) => operation.tags as string[]))];
    expect(tags.map((tag) => tag.name).sort()).toEqual(used.sort());
    expect(tags.filter((tag) => !tag.description), 'tags without a description').toEqual([]);
  });

  it('describes the routes outside the token prefix, none of them taking a token', () => {
    const outside = operations.filter(({ path }) => !path.startsWith('/api/v2/'));
    expect(outside.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'GET /downloads/attachments/{id}',
      'GET /healthz',
      'GET /metrics',
      'GET /readyz',
    ]);
    for (const { operation } of outside) expect(JSON.stringify(operation.parameters ?? [])).not.toContain('api_token');
    const download = byId('downloadAttachment');
    expect((download.parameters as Schema[]).filter((p) => p.in === 'query').map((p) => p.name)).toEqual(['disposition', 'expires', 'signature']);
    expect(Object.keys(download.responses as Schema)).toEqual(['200', '206', '304', '403', '404', '416', '500', '503']);
    expect(Object.keys(byId('checkReadiness').responses as Schema)).toEqual(['200', '503']);
  });

  it('cites no file a clone of the repository does not have', () => {
    const text = JSON.stringify(document);
    expect(text.match(/.{0,40}\b(SPEC|DESIGN)\b.{0,20}/g) ?? []).toEqual([]);
  });

  it('gives every request body an example, and path ids but a delete\'s', () => {
    const withBody = apiOperations.filter(({ operation }) => operation.requestBody).map(({ operation }) => operation.operationId as string);
    const withExample = Object.entries(operationExamples).filter(([, example]) => example.body).map(([id]) => id);
    expect(withExample.sort()).toEqual(withBody.sort());
    const ids = new Set(apiOperations.map(({ operation }) => operation.operationId));
    expect(Object.keys(operationExamples).filter((id) => !ids.has(id)), 'examples of no operation').toEqual([]);
    for (const [id, example] of Object.entries(operationExamples)) {
      const query = (byId(id).parameters as Schema[]).filter((p) => p.in === 'query').map((p) => p.name);
      expect(Object.keys(example.query ?? {}).filter((name) => !query.includes(name)), `${id}: query examples of no parameter`).toEqual([]);
    }
    const body = (id: string, type: string) => ((byId(id).requestBody as Schema).content as Record<string, Schema>)[type]!.example;
    expect(body('createUnitConversion', 'application/xml')).toEqual({ from_unit_id: 2, to_unit_id: 1, factor: '5000.0' });
    expect(body('createInventoryLocation', 'application/x-www-form-urlencoded')).toMatchObject({
      'inventory_location[name]': 'Assembly line',
      'inventory_location[inventory_sublocations][][name]': 'Feeder 1',
    });
    for (const { method, path, operation } of apiOperations) {
      const inPath = (operation.parameters as Schema[]).filter((p) => p.in === 'path' && p.name !== undefined);
      for (const parameter of inPath) expect(parameter.example, `${method} ${path} ${String(parameter.name)}`).toEqual(method === 'delete' ? undefined : parameter.schema && (parameter.schema as Schema).type === 'integer' ? 1 : '1');
    }
    expect((byId('createRevision').parameters as Schema[]).find((p) => p.name === 'id')!.example).toBe(1);
    // A token is never an example: the reader enters theirs.
    const token = (document.components as { parameters: Record<string, Schema> }).parameters.api_token!;
    expect(Object.keys(token).filter((key) => key.startsWith('example'))).toEqual([]);
  });
});
