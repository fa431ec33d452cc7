import { apiRouteList } from '@pips/http';
import { describe, expect, it } from 'vitest';
import { createPipsClient } from './client';
import { operations, type Route } from './operations';

const entries = Object.entries(operations).flatMap(([group, functions]) =>
  Object.entries(functions as Record<string, Route>).map(([name, route]) => ({ name: `${group}.${name}`, route })),
);
const key = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe('the operation table', () => {
  it('has a client function for every route of the API, and no function for a route the API lacks', () => {
    const served = new Set(apiRouteList().map(key));
    const called = new Set(entries.filter((entry) => entry.route.api).map((entry) => key(entry.route)));
    expect([...served].filter((route) => !called.has(route)).sort()).toEqual([]);
    expect([...called].filter((route) => !served.has(route)).sort()).toEqual([]);
  });

  it('names only the download link outside the token prefix', () => {
    expect(entries.filter((entry) => !entry.route.api).map((entry) => `${entry.name} ${key(entry.route)}`)).toEqual([
      'attachments.download GET /downloads/attachments/:id',
    ]);
  });

  it('names exactly the functions the client has', () => {
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't' });
    const functions = Object.entries(client).flatMap(([group, fns]) =>
      Object.entries(fns as Record<string, unknown>).map(([name, fn]) => {
        expect(typeof fn, `${group}.${name}`).toBe('function');
        return `${group}.${name}`;
      }),
    );
    expect(functions.sort()).toEqual(entries.map((entry) => entry.name).sort());
  });

  it('is what each function calls: the method and path it sends match its entry', async () => {
    // Every function called once with stand-in arguments, on a fetch that only records.
    const seen: string[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      seen.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname.replace(/^\/api\/v2\/t(?=\/)/, '')}`);
      return new Response(null, { status: 599 });
    };
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch }) as unknown as Record<string, Record<string, (...args: unknown[]) => unknown>>;
    for (const entry of entries) {
      const [group, name] = entry.name.split('.') as [string, string];
      seen.length = 0;
      const args = name === 'download' ? ['http://pips.test/downloads/attachments/7?signature=x'] : [7, 8, { quantity: '1' }];
      const result = client[group]![name]!(...args) as Promise<unknown> | AsyncGenerator<unknown>;
      await ('next' in result ? result.next() : result).catch(() => undefined);
      const sent = new RegExp(`^${entry.route.method} ${entry.route.path.replace(/:[a-z_]+/g, '[0-9]+')}$`);
      expect(seen, entry.name).toEqual([expect.stringMatching(sent)]);
    }
  });
});
