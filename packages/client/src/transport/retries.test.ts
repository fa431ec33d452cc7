import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPipsClient } from '../client';
import type { PipsApiError } from '../errors/api-error';
import { answer, PIPS_REFUSAL, startTestServer, UNIT_XML, type TestServer } from '../testing/test-server.test-helper';

const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should fail'), (error: unknown) => error as PipsApiError);

const servers: TestServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server that gives the n-th request the n-th reply, and the last reply to every request after. */
async function replying(...replies: Array<{ status: number; body?: string; headers?: Record<string, string> }>): Promise<TestServer> {
  const server: TestServer = await startTestServer((_request, response) => {
    const reply = replies[Math.min(server.requests.length, replies.length) - 1]!;
    answer(response, reply.status, reply.body ?? PIPS_REFUSAL, reply.headers);
  });
  servers.push(server);
  return server;
}

const ok = { status: 200, body: UNIT_XML };
const busy = (retryAfter: string, body = PIPS_REFUSAL) => ({ status: 503, body, headers: { 'Retry-After': retryAfter } });
const limited = (retryAfter: string) => ({ status: 429, headers: { 'Retry-After': retryAfter } });
const unitInput = { name: 'Reel' };

describe('retries, against a server that refuses for now', () => {
  it('are off unless asked for', async () => {
    const { url, requests } = await replying(busy('0'), ok);
    const client = createPipsClient({ baseUrl: url, token: 't' });
    expect(await failureOf(client.units.show(3))).toMatchObject({ status: 503, code: 'unavailable', retryAfter: 0 });
    expect(requests).toHaveLength(1);
  });

  it('try a 503 and a 429 again after Retry-After: 0, and answer what the next attempt got', async () => {
    const { url, requests } = await replying(busy('0'), limited('0'), ok);
    const client = createPipsClient({ baseUrl: url, token: 't', retry: { attempts: 3 } });
    expect((await client.units.show(3)).name).toBe('Reel');
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual(Array(3).fill('GET /api/v2/t/unit/3'));
  });

  it('stop at their attempts, with the last refusal', async () => {
    const { url, requests } = await replying(limited('0'));
    const client = createPipsClient({ baseUrl: url, token: 't', retry: { attempts: 2 } });
    expect(await failureOf(client.units.list())).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(requests).toHaveLength(2);
  });

  it('default to three attempts', async () => {
    const { url, requests } = await replying(busy('0'));
    const client = createPipsClient({ baseUrl: url, token: 't', retry: {} });
    await failureOf(client.units.list());
    expect(requests).toHaveLength(3);
  });

  it('wait the seconds of Retry-After: 1 between attempts', async () => {
    const { url, requests } = await replying(busy('1'), ok);
    const times: number[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      times.push(performance.now());
      return globalThis.fetch(input, init);
    };
    const client = createPipsClient({ baseUrl: url, token: 't', fetch, retry: { attempts: 2 } });
    expect((await client.units.show(3)).name).toBe('Reel');
    expect(requests).toHaveLength(2);
    // A lower bound only: a slow machine makes the gap longer, never shorter.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(990);
  });

  it('read Retry-After as an HTTP date too', async () => {
    const { url, requests } = await replying(busy(new Date(Date.now() - 60_000).toUTCString()), ok);
    const client = createPipsClient({ baseUrl: url, token: 't', retry: { attempts: 2 } });
    expect((await client.units.show(3)).name).toBe('Reel');
    expect(requests).toHaveLength(2);
  });

  it('do not wait longer than maxDelayMs: a longer Retry-After ends the call with its error', async () => {
    const { url, requests } = await replying(limited('60'), ok);
    const client = createPipsClient({ baseUrl: url, token: 't', retry: { attempts: 3, maxDelayMs: 10_000 } });
    expect(await failureOf(client.units.show(3))).toMatchObject({ status: 429, retryAfter: 60 });
    expect(requests).toHaveLength(1);
  });

  it.each([
    [500, 'server_error'],
    [502, 'server_error'],
    [404, 'not_found'],
    [422, 'unprocessable'],
  ])('leave any other status alone: %i', async (status, code) => {
    const { url, requests } = await replying({ status, headers: { 'Retry-After': '0' } }, ok);
    const client = createPipsClient({ baseUrl: url, token: 't', retry: { attempts: 3 } });
    expect(await failureOf(client.units.show(3))).toMatchObject({ status, code });
    expect(requests).toHaveLength(1);
  });

  it('repeat a write only when PIPS itself refused it naming a wait, not on a proxy’s page nor a change in doubt', async () => {
    const pips = await replying(busy('0'), ok);
    const client = createPipsClient({ baseUrl: pips.url, token: 't', retry: { attempts: 3 } });
    expect((await client.units.create(unitInput)).name).toBe('Reel');
    expect(pips.requests.map((request) => [request.method, request.body.includes('<name>Reel</name>')])).toEqual([
      ['POST', true],
      ['POST', true],
    ]);

    const proxy = await replying(busy('0', '<html><body>503 Service Temporarily Unavailable</body></html>'));
    const behindProxy = createPipsClient({ baseUrl: proxy.url, token: 't', retry: { attempts: 3 } });
    expect(await failureOf(behindProxy.units.create(unitInput))).toMatchObject({ status: 503, messages: [] });
    expect(await failureOf(behindProxy.units.update(3, unitInput))).toMatchObject({ status: 503 });
    expect(proxy.requests.map((request) => request.method)).toEqual(['POST', 'PUT']);
    // PIPS's 503 without Retry-After: the connection went as the change was committed, and it may have been made.
    const inDoubt = await replying({ status: 503 }, ok);
    expect(await failureOf(createPipsClient({ baseUrl: inDoubt.url, token: 't', retry: { attempts: 3 } }).units.create(unitInput))).toMatchObject({ status: 503, retryAfter: null });
    expect(inDoubt.requests).toHaveLength(1);
    // A read is repeated whoever refused it.
    const reading = await replying(busy('0', '<html/>'), ok);
    expect((await createPipsClient({ baseUrl: reading.url, token: 't', retry: { attempts: 2 } }).units.show(3)).name).toBe('Reel');
  });

  it('are set per call too: a call’s own wins over the client’s, and false turns them off', async () => {
    const { url, requests } = await replying(busy('0'));
    const client = createPipsClient({ baseUrl: url, token: 't', retry: { attempts: 3 } });
    await failureOf(client.units.show(3, { retry: false }));
    expect(requests).toHaveLength(1);
    await failureOf(client.units.show(3, { retry: { attempts: 2 } }));
    expect(requests).toHaveLength(3);
    await failureOf(createPipsClient({ baseUrl: url, token: 't' }).units.show(3, { retry: { attempts: 4 } }));
    expect(requests).toHaveLength(7);
  });

  it('refuse attempts and delays out of bounds', async () => {
    for (const retry of [{ attempts: 0 }, { attempts: 11 }, { attempts: 1.5 }, { attempts: Number.POSITIVE_INFINITY }, { maxDelayMs: -1 }, { maxDelayMs: Number.NaN }]) {
      expect(() => createPipsClient({ baseUrl: 'http://pips.test', token: 't', retry }), JSON.stringify(retry)).toThrow(TypeError);
    }
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch: () => expect.unreachable('nothing is sent') });
    await expect(client.units.show(1, { retry: { attempts: 0 } })).rejects.toThrow(TypeError);
  });
});

describe('waits between attempts, on fake timers', () => {
  /** A fetch answering each reply in turn (the last for ever after), counting calls. */
  function scripted(...replies: Array<() => Response>) {
    let calls = 0;
    const fetch: typeof globalThis.fetch = async () => replies[Math.min(++calls, replies.length) - 1]!();
    return { fetch, calls: () => calls };
  }
  const xml = (status: number, body: string, headers: Record<string, string> = {}) => () =>
    new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { status, headers: { 'Content-Type': 'application/xml', ...headers } });

  it('last the seconds Retry-After names, no less', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scripted(xml(503, PIPS_REFUSAL, { 'Retry-After': '5' }), xml(200, UNIT_XML));
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch, retry: { attempts: 2 } });
    const call = client.units.show(3);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls()).toBe(2);
    expect((await call).name).toBe('Reel');
  });

  it('double from 1 s up to maxDelayMs when the answer names none', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scripted(xml(503, '<html/>'));
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch, retry: { attempts: 4, maxDelayMs: 1_500 } });
    const call = failureOf(client.units.list());
    const seen: number[] = [];
    for (const step of [999, 1, 1_499, 1, 1_499, 1]) {
      await vi.advanceTimersByTimeAsync(step);
      seen.push(calls());
    }
    expect(seen).toEqual([1, 2, 2, 3, 3, 4]);
    expect(await call).toMatchObject({ status: 503 });
  });

  it('are cut short by the caller’s signal: `aborted`, and nothing more is sent', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scripted(xml(429, PIPS_REFUSAL, { 'Retry-After': '5' }), xml(200, UNIT_XML));
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch, retry: {} });
    const controller = new AbortController();
    const call = failureOf(client.units.show(3, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    expect(await call).toMatchObject({ code: 'aborted' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls()).toBe(1);
  });
});
