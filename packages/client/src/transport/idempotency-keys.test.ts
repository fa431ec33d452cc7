import { afterEach, describe, expect, it } from 'vitest';
import { createPipsClient } from '../client';
import type { ClientOptions } from '../client-options';
import type { PipsApiError } from '../errors/api-error';
import { onHarness } from '../testing/on-harness.test-helper';
import { answer, PIPS_REFUSAL, startTestServer, UNIT_XML, type TestServer } from '../testing/test-server.test-helper';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const failureOf = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should fail'), (error: unknown) => error as PipsApiError);

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** A server answering the n-th request with the n-th status (the last one after), recording each request's key. */
async function keyed(...statuses: number[]) {
  const keys: Array<string | undefined> = [];
  const server: TestServer = await startTestServer((request, response) => {
    keys.push(request.headers['idempotency-key'] as string | undefined);
    const status = statuses[Math.min(keys.length, statuses.length) - 1]!;
    if (status === 200) answer(response, 200, UNIT_XML);
    else answer(response, status, PIPS_REFUSAL, { 'Retry-After': '0' });
  });
  servers.push(server);
  const client = (options: Partial<ClientOptions> = {}) => createPipsClient({ baseUrl: server.url, token: 't', ...options });
  return { keys, client };
}

describe('idempotency keys from the client', () => {
  it('are sent on no request unless asked for', async () => {
    const { keys, client } = await keyed(200);
    await client().units.create({ name: 'Reel' });
    expect(keys).toEqual([undefined]);
  });

  it("'auto' draws a random UUID for each write, none for a read", async () => {
    const { keys, client } = await keyed(200);
    const auto = client({ idempotencyKeys: 'auto' });
    await auto.units.create({ name: 'Reel' });
    await auto.units.update(3, { name: 'Reel' });
    await auto.units.delete(3);
    await auto.units.show(3);
    expect(keys.slice(0, 3)).toEqual([expect.stringMatching(UUID), expect.stringMatching(UUID), expect.stringMatching(UUID)]);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBeUndefined();
  });

  it('sends the same key with each of a call’s own retries, and retries a keyed write after a 409 or a 503', async () => {
    const { keys, client } = await keyed(409, 503, 200);
    const auto = client({ idempotencyKeys: 'auto', retry: { attempts: 3 } });
    expect((await auto.units.create({ name: 'Reel' })).name).toBe('Reel');
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(UUID);
  });

  it('leaves a write without a key as before: not sent again after a 409', async () => {
    const { keys, client } = await keyed(409, 200);
    expect(await failureOf(client({ retry: { attempts: 3 } }).units.create({ name: 'Reel' }))).toMatchObject({ status: 409 });
    expect(keys).toHaveLength(1);
  });

  it("takes a call's own key, or none, over the client's", async () => {
    const { keys, client } = await keyed(200);
    const auto = client({ idempotencyKeys: 'auto' });
    await auto.units.create({ name: 'Reel' }, { idempotencyKey: 'order-17-line-2' });
    await auto.units.create({ name: 'Reel' }, { idempotencyKey: false });
    await client().units.create({ name: 'Reel' }, { idempotencyKey: 'auto' });
    expect(keys[0]).toBe('order-17-line-2');
    expect(keys[1]).toBeUndefined();
    expect(keys[2]).toMatch(UUID);
  });
});

describe('idempotency keys on the harness', () => {
  const on = onHarness();

  it('a create sent twice with one key makes one record and answers it both times', async () => {
    const first = await on.client.units.create({ name: 'Reel' }, { idempotencyKey: 'create-reel-1' });
    const again = await on.client.units.create({ name: 'Reel' }, { idempotencyKey: 'create-reel-1' });
    expect(again).toEqual(first);
    expect((await on.client.units.list()).filter((unit) => unit.name === 'Reel')).toHaveLength(1);
    const other = await failureOf(on.client.units.create({ name: 'Spool' }, { idempotencyKey: 'create-reel-1' }));
    expect(other).toMatchObject({ status: 422 });
    expect(other.messages[0]).toMatch(/already used for a different request/);
  });
});
