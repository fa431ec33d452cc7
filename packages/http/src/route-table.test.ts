import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import type { AppState } from './app-state';
import { splitApiPath } from './api-path';
import { emptyResponse, type Operation } from './openapi/operation';
import { apiRouteTable } from './route-table';
import { serve } from './test-client';

const described: Operation = { id: 'probe', summary: 'A route under test', tag: 'Tests', response: emptyResponse };

/** An app whose API routes answer which route matched; anything else falls through to 404 `none`. */
async function app() {
  const { table, middleware } = apiRouteTable();
  table.get('/unit', (ctx) => void (ctx.body = 'list units'), described);
  table.get('/unit/:id', (ctx) => void (ctx.body = `show unit ${ctx.params.id} by ${ctx.state.route}`), described);
  table.post('/unit', (ctx) => void (ctx.body = 'create unit'), described);
  table.delete('/part/:id', (ctx) => void (ctx.body = `delete part ${ctx.params.id}`), described);
  table.get('/parts/:part_id/revisions/:id', (ctx) => void (ctx.body = `revision ${ctx.params.id} of ${ctx.params.part_id}`), described);
  const koa = new Koa<AppState>();
  // As the API mount does: the routes match what follows the token.
  koa.use((ctx, next) => {
    ctx.state.apiRest = splitApiPath(ctx.path)?.rest;
    return next();
  });
  koa.use(middleware());
  koa.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'none';
  });
  return serve(koa);
}

describe('apiRouteTable', () => {
  it('finds the route of a path, with its parameters decoded', async () => {
    const client = await app();
    try {
      expect((await client.request('GET', '/api/v2/t1/unit')).text).toBe('list units');
      expect((await client.request('GET', '/api/v2/t1/unit/7')).text).toBe('show unit 7 by /unit/:id');
      expect((await client.request('POST', '/api/v2/t1/unit')).text).toBe('create unit');
      expect((await client.request('DELETE', '/api/v2/t1/part/3')).text).toBe('delete part 3');
      expect((await client.request('GET', '/api/v2/t1/parts/4/revisions/9')).text).toBe('revision 9 of 4');
      expect((await client.request('GET', '/api/v2/t1/unit/a%20b%2Fc')).text).toBe('show unit a b/c by /unit/:id');
    } finally {
      await client.close();
    }
  });

  it('matches a path in any case, keeping its parameters as sent, and routes HEAD as GET', async () => {
    const client = await app();
    try {
      expect((await client.request('GET', '/api/v2/t1/UNIT/Ab')).text).toBe('show unit Ab by /unit/:id');
      const head = await client.request('HEAD', '/api/v2/t1/unit/7');
      expect([head.status, head.headers.get('content-length')]).toEqual([200, String('show unit 7 by /unit/:id'.length)]);
    } finally {
      await client.close();
    }
  });

  it('passes on an unknown path, another method, a path outside the API or one that does not decode', async () => {
    const client = await app();
    try {
      for (const [method, path] of [
        ['GET', '/api/v2/t1/vendor'],
        ['GET', '/api/v2/t1/part/3'],
        ['PUT', '/api/v2/t1/unit/7'],
        ['PATCH', '/api/v2/t1/unit/7'],
        ['GET', '/api/v2/t1'],
        ['GET', '/api/v2/t1/unit/7/extra'],
        ['GET', '/api/v2/t1//unit'],
        ['GET', '/elsewhere/unit'],
        ['GET', '/api/v2/t1/%E0%A4%A'],
      ] as const) {
        const response = await client.request(method, path);
        expect([path, response.status, response.text]).toEqual([path, 404, 'none']);
      }
    } finally {
      await client.close();
    }
  });
});

describe('templateOf', () => {
  it('names the registered path a request would reach, HEAD as GET, and nothing for an unknown one', () => {
    const { table, templateOf } = apiRouteTable();
    table.get('/unit/:id', () => undefined, described);
    table.post('/unit', () => undefined, described);
    expect(templateOf('GET', '/UNIT/7')).toBe('/unit/:id');
    expect(templateOf('HEAD', '/unit/7')).toBe('/unit/:id');
    expect(templateOf('POST', '/unit')).toBe('/unit');
    for (const [method, rest] of [['DELETE', '/unit/7'], ['GET', '/vendor'], ['PROPFIND', '/unit'], ['GET', '/%E0%A4%A']] as const) {
      expect(templateOf(method, rest), `${method} ${rest}`).toBeUndefined();
    }
  });
});

describe('apiRouteList', () => {
  it('lists every API route once, with its method and path', async () => {
    const { apiRouteList } = await import('./api-routes');
    const routes = apiRouteList();
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(expect.arrayContaining(['GET /unit/:id', 'POST /part', 'PUT /parts/:part_id/inventory_units/:id/adjust_quantity']));
    expect(routes.every((route) => route.path.startsWith('/'))).toBe(true);
  });
});
