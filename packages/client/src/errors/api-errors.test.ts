import { startHarness, type Harness } from '@pips/harness';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPipsClient, type PipsClient } from '../client';
import { isPipsApiError, PipsApiError } from './api-error';

let harness: Harness;
let limited: Harness;
let client: PipsClient;

beforeAll(async () => {
  [harness, limited] = await Promise.all([startHarness(), startHarness({ rateLimitPerMinute: 2 })]);
  client = createPipsClient({ baseUrl: harness.url, token: harness.token });
});
afterAll(async () => {
  await Promise.all([harness?.close(), limited?.close()]);
});
beforeEach(() => harness.reset());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call should have failed'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(PipsApiError);
      return error as PipsApiError;
    },
  );

describe('errors as typed values', () => {
  it('400: every field message of the <errors> body, and nothing written', async () => {
    const error = await failure(client.units.create({ name: '', allow_fractional: 'maybe' as unknown as boolean }));
    expect(error).toMatchObject({
      status: 400,
      code: 'bad_request',
      messages: ["Name can't be blank", 'Allow fractional must be true or false'],
      method: 'POST',
      path: '/api/v2/[token]/unit',
    });
    expect(error.message).toBe("POST /api/v2/[token]/unit failed with 400 (bad_request): Name can't be blank; Allow fractional must be true or false");
    expect(await client.units.list()).toEqual([]);
  });

  it('401: an unknown token, which no message repeats', async () => {
    const stranger = createPipsClient({ baseUrl: harness.url, token: 'no-such-token/../secret' });
    const error = await failure(stranger.units.list());
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', messages: ['Invalid API token'], path: '/api/v2/[token]/unit' });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('secret');
  });

  it('403: a token without the permission the operation needs', async () => {
    const token = await harness.createToken([]);
    const weak = createPipsClient({ baseUrl: harness.url, token });
    const error = await failure(weak.inventoryLocations.create({ name: 'Main' }));
    expect(error).toMatchObject({ status: 403, code: 'forbidden' });
    expect(error.messages).toHaveLength(1);
    expect(await client.inventoryLocations.list()).toEqual([]);
  });

  it('404: the record the path names, by id or by part number', async () => {
    expect(await failure(client.manufacturers.show(42))).toMatchObject({ status: 404, code: 'not_found', messages: ["Couldn't find Manufacturer with 'id'=42"] });
    expect(isPipsApiError(await failure(client.parts.show({ partnumber: 'NOPE/1' })), 'not_found')).toBe(true);
  });

  it('422: what the current state forbids, in the spec’s words, and nothing changed', async () => {
    const maker = await client.manufacturers.create({ name: 'M' });
    const type = await client.parttypes.create({ name: 'T' });
    const each = await client.units.create({ name: 'Each' });
    const location = await client.inventoryLocations.create({ name: 'L' });
    const part = await client.parts.create({ manufacturer_pn: 'X', manufacturer_id: maker.id, parttype_id: type.id, unit_id: each.id, revision: { revision_name: 'A' } });
    const unit = await client.inventoryUnits.create(part.id, { inventory_sublocation_id: location.inventory_sublocation[0]!.id, unit_id: each.id, quantity: '5' });
    const error = await failure(client.inventoryUnits.split(part.id, unit.id, { inventory_sublocation_id: location.inventory_sublocation[0]!.id, quantity: '5' }));
    expect(error).toMatchObject({ status: 422, code: 'unprocessable', messages: ['Quantity must be less than the quantity available.'] });
    expect((await client.inventoryUnits.show(part.id, unit.id)).quantity).toBe('5.0');
  });

  it('429: rate limited, with the seconds Retry-After gives', async () => {
    const busy = createPipsClient({ baseUrl: limited.url, token: limited.token });
    // Two calls a minute: one of the first few is refused, however slowly they run.
    let refused: unknown;
    for (let call = 0; call < 10 && refused === undefined; call++) refused = await busy.units.list().then(() => undefined, (error: unknown) => error);
    const error = await failure(Promise.reject(refused));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.retryAfter).toBeLessThanOrEqual(60);
    expect(error.messages[0]).toMatch(/./);
  });

  it('no answer at all: network_error with status 0, the fetch failure as its cause', async () => {
    const lost = new TypeError('fetch failed');
    const offline = createPipsClient({ baseUrl: harness.url, token: harness.token, fetch: () => Promise.reject(lost) });
    const error = await failure(offline.units.list());
    expect(error).toMatchObject({ status: 0, code: 'network_error', path: '/api/v2/[token]/unit', messages: ['fetch failed'] });
    expect(error.cause).toBe(lost);
  });
});
