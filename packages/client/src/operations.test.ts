import { apiRouteList } from '@pips/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  /** Each function called with stand-in arguments and `options` as its last, the way its arity says. */
  const callEach = (client: unknown, options: object) =>
    entries.map((entry) => {
      const [group, name] = entry.name.split('.') as [string, string];
      const fn = (client as Record<string, Record<string, (...args: unknown[]) => unknown>>)[group]![name]!;
      const standIns = name === 'download' ? ['http://pips.test/downloads/attachments/7?signature=x'] : [7, 8, { quantity: '1' }];
      const result = fn(...standIns.slice(0, fn.length - 1), options) as Promise<unknown> | AsyncGenerator<unknown>;
      const call = { name: entry.name, settled: false, error: undefined as unknown };
      void ('next' in result ? result.next() : result).then(
        () => Object.assign(call, { settled: true }),
        (error: unknown) => Object.assign(call, { settled: true, error }),
      );
      return call;
    });
  const unsettled = (calls: ReturnType<typeof callEach>) => calls.filter((call) => !call.settled).map((call) => call.name);

  /** A fetch that never answers, and rejects with the signal's reason once it aborts, as fetch does. */
  const silentFetch: typeof globalThis.fetch = (_input, init) =>
    new Promise((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason as Error), { once: true }));

  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives every function the call options in its last argument: the caller’s signal stops each', async () => {
    const controller = new AbortController();
    const calls = callEach(createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch: silentFetch }), { signal: controller.signal });
    controller.abort();
    await vi.waitFor(() => expect(unsettled(calls)).toEqual([]), { timeout: 10_000 });
    for (const { name, error } of calls) expect(error, name).toMatchObject({ code: 'aborted' });
  });

  it('gives every function the call options in its last argument: its own timeout ends each', async () => {
    vi.useFakeTimers();
    const calls = callEach(createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch: silentFetch }), { timeoutMs: 1_234 });
    await vi.advanceTimersByTimeAsync(1_234);
    expect(unsettled(calls)).toEqual([]);
    for (const { name, error } of calls) expect(error, name).toMatchObject({ code: 'timeout', messages: ['no answer within 1234 ms'] });
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
