import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import type { AppState } from './app-state';
import { segmentedRoutes } from './route-table';
import { serve } from './test-client';

/** An app whose API routes answer which route matched; anything else falls through to 404 `none`. */
async function app() {
  const { table, middleware } = segmentedRoutes('/api/v2/:api_token');
  table.get('/unit', (ctx) => void (ctx.body = 'list units'));
  table.get('/unit/:id', (ctx) => void (ctx.body = `show unit ${ctx.params.id} for ${ctx.params.api_token}`));
  table.post('/unit', (ctx) => void (ctx.body = 'create unit'));
  table.delete('/part/:id', (ctx) => void (ctx.body = `delete part ${ctx.params.id}`));
  const koa = new Koa<AppState>();
  koa.use(middleware());
  koa.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'none';
  });
  return serve(koa);
}

describe('segmentedRoutes', () => {
  it('finds the route of the path’s first segment, with its parameters', async () => {
    const client = await app();
    try {
      expect((await client.request('GET', '/api/v2/t1/unit')).text).toBe('list units');
      expect((await client.request('GET', '/api/v2/t1/unit/7')).text).toBe('show unit 7 for t1');
      expect((await client.request('POST', '/api/v2/t1/unit')).text).toBe('create unit');
      expect((await client.request('DELETE', '/api/v2/t1/part/3')).text).toBe('delete part 3');
    } finally {
      await client.close();
    }
  });

  it('matches a segment in any case, as the router matches paths', async () => {
    const client = await app();
    try {
      expect((await client.request('GET', '/api/v2/t1/UNIT/7')).text).toBe('show unit 7 for t1');
    } finally {
      await client.close();
    }
  });

  it('passes on an unknown segment, another method, or a path outside the API', async () => {
    const client = await app();
    try {
      for (const [method, path] of [
        ['GET', '/api/v2/t1/vendor'],
        ['GET', '/api/v2/t1/part/3'],
        ['PUT', '/api/v2/t1/unit/7'],
        ['GET', '/api/v2/t1'],
        ['GET', '/elsewhere/unit'],
      ] as const) {
        const response = await client.request(method, path);
        expect([path, response.status, response.text]).toEqual([path, 404, 'none']);
      }
    } finally {
      await client.close();
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
