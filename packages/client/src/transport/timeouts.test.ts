import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPipsClient } from '../client';
import { DEFAULT_TIMEOUT_MS } from '../client-options';
import type { PipsApiError } from '../errors/api-error';
import { answer, startTestServer, UNIT_XML, type TestServer } from '../testing/test-server.test-helper';

const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should fail'), (error: unknown) => error as PipsApiError);

let server: TestServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

/** A fetch that never answers, but rejects with the signal's reason when aborted, as fetch does. */
function silentFetch() {
  const calls: AbortSignal[] = [];
  const fetch: typeof globalThis.fetch = (_input, init) =>
    new Promise((_, reject) => {
      const signal = init!.signal!;
      calls.push(signal);
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  return { fetch, calls };
}

/** Whether a promise has settled yet, without waiting for it. */
function watch(promise: Promise<unknown>) {
  const state = { settled: false };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe('timeouts', () => {
  it('end a request that gets no answer, as `timeout`, and let go of its connection', async () => {
    // Only the timers are fake, so the request surely reaches the server before its timeout runs out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    server = await startTestServer(() => arrived());
    const client = createPipsClient({ baseUrl: server.url, token: 'secret', timeoutMs: 100 });
    const call = failureOf(client.units.show(3));
    await arrival;
    await vi.advanceTimersByTimeAsync(100);
    const error = await call;
    expect(error).toMatchObject({ status: 0, code: 'timeout', messages: ['no answer within 100 ms'], path: '/api/v2/[token]/unit/3' });
    expect(error.cause).toMatchObject({ name: 'TimeoutError' });
    await server.requests[0]!.closed;
  });

  it('cover reading the answer: a body that stalls is cut too', async () => {
    server = await startTestServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/xml' });
      response.write('<?xml version="1.0" encoding="UTF-8"?>\n<units type="array"><unit><id>1</id>');
    });
    const client = createPipsClient({ baseUrl: server.url, token: 't', timeoutMs: 100 });
    expect(await failureOf(client.units.list())).toMatchObject({ code: 'timeout' });
    expect(await failureOf(client.units.show(1))).toMatchObject({ code: 'timeout' });
  });

  it('are 30 s unless told; a call’s own wins over the client’s, and null waits for ever', async () => {
    vi.useFakeTimers();
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    const { fetch, calls } = silentFetch();
    const byDefault = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch });
    const call = failureOf(byDefault.units.list());
    const state = watch(call);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(state.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toMatchObject({ code: 'timeout', messages: ['no answer within 30000 ms'] });

    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch, timeoutMs: 5_000 });
    const own = failureOf(client.units.show(1, { timeoutMs: 1_000 }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await own).toMatchObject({ code: 'timeout', messages: ['no answer within 1000 ms'] });

    const controller = new AbortController();
    const forever = failureOf(client.units.show(1, { timeoutMs: null, signal: controller.signal }));
    const waiting = watch(forever);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(waiting.settled).toBe(false);
    controller.abort();
    expect(await forever).toMatchObject({ code: 'aborted' });
    expect(calls).toHaveLength(3);
  });

  it('refuse a timeout that is not a positive number of ms', () => {
    for (const timeoutMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createPipsClient({ baseUrl: 'http://pips.test', token: 't', timeoutMs }), String(timeoutMs)).toThrow(TypeError);
    }
  });
});

describe('the caller’s signal', () => {
  it('stops a call mid-request: `aborted`, with its reason as the cause, and the connection is let go', async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    server = await startTestServer(() => arrived());
    const client = createPipsClient({ baseUrl: server.url, token: 't' });
    const controller = new AbortController();
    const call = failureOf(client.parts.create({ manufacturer_pn: 'X', manufacturer_id: 1, parttype_id: 2, unit_id: 3, revision: { revision_name: 'A' } }, { signal: controller.signal }));
    await arrival;
    const reason = new Error('shutting down');
    controller.abort(reason);
    const error = await call;
    expect(error).toMatchObject({ status: 0, code: 'aborted', messages: ['the call was aborted'], method: 'POST' });
    expect(error.cause).toBe(reason);
    await server.requests[0]!.closed;
  });

  it('already aborted, sends nothing', async () => {
    server = await startTestServer((_request, response) => answer(response, 200, UNIT_XML));
    const client = createPipsClient({ baseUrl: server.url, token: 't' });
    expect(await failureOf(client.units.show(3, { signal: AbortSignal.abort() }))).toMatchObject({ code: 'aborted' });
    expect(server.requests).toEqual([]);
    expect((await client.units.show(3)).name).toBe('Reel');
  });

  it('stops a whole list being read, and a download’s body', async () => {
    server = await startTestServer((request, response) => {
      response.writeHead(200, { 'Content-Type': request.url?.startsWith('/downloads/') ? 'text/plain' : 'application/xml' });
      response.write(request.url?.startsWith('/downloads/') ? 'first ' : `<?xml version="1.0" encoding="UTF-8"?>\n<units type="array">${UNIT_XML}`);
    });
    const client = createPipsClient({ baseUrl: server.url, token: 't' });
    const controller = new AbortController();
    const list = failureOf(client.units.list({ signal: controller.signal }));
    await vi.waitFor(() => expect(server!.requests).toHaveLength(1));
    controller.abort();
    expect(await list).toMatchObject({ code: 'aborted' });

    const stopping = new AbortController();
    const held = await client.attachments.download(`${server.url}/downloads/attachments/2?signature=x`, { signal: stopping.signal });
    const reader = held.body.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first ');
    stopping.abort();
    await expect(reader.read()).rejects.toThrow();
  });

  it('is all that bounds a download’s body: the timeout ends with the headers', async () => {
    vi.useFakeTimers();
    let body!: ReadableStreamDefaultController<Uint8Array>;
    const signals: AbortSignal[] = [];
    const fetch: typeof globalThis.fetch = async (_input, init) => {
      signals.push(init!.signal!);
      return new Response(new ReadableStream<Uint8Array>({ start: (controller) => void (body = controller) }), { status: 200 });
    };
    const client = createPipsClient({ baseUrl: 'http://pips.test', token: 't', fetch, timeoutMs: 1_000 });
    const download = await client.attachments.download('http://pips.test/downloads/attachments/1?signature=x');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(signals[0]!.aborted).toBe(false);
    body.enqueue(new TextEncoder().encode('all of it'));
    body.close();
    expect(await new Response(download.body).text()).toBe('all of it');
  });
});
