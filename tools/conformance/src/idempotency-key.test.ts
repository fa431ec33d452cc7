import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { get, post, request, type Endpoint, type Reply } from './client';
import { expectErrors, expectList, expectMessage, idOf, type Rec } from './expect-xml';
import { addUnit, expectUnchanged, listingOf, recordsOf, snapshot, stockSetting, unitPath, unitXml, type Stock } from './inventory-fixtures';
import { inventoryForms } from './inventory-forms';
import { setUpStock } from './inventory-race';
import { describeOnPostgresFleet } from './postgres-fleet-suite';
import { targets } from './suite';

// An Idempotency-Key on a write (docs/decisions.md, "Idempotency keys"): the first request runs,
// the same request sent again is given the first answer and changes nothing, the key with
// another request is 422, and two at once run once. Proved by reading the units back.

const KEY_REUSED =
  'This Idempotency-Key was already used for a different request (method, path, query or body); send a new key for a new request';
const BAD_KEY = 'Invalid Idempotency-Key: 1 to 255 visible ASCII characters (letters, digits, punctuation), bare or as a quoted string';
const IN_USE = 'A request with this Idempotency-Key is still being processed; retry it once that one is answered';

/** POST split of `quantity` of unit `unitId` to the part's second shelf, with `key` as its Idempotency-Key. */
const split = (endpoint: Endpoint, partId: number, unitId: number, shelfId: number, quantity: string, key?: string) =>
  post(endpoint, unitPath(partId, unitId, 'split'), {
    body: unitXml({ inventory_sublocation_id: shelfId, quantity }),
    ...(key !== undefined && { headers: { 'Idempotency-Key': key } }),
  });

const splitOf = (stock: Stock, unitId: number, quantity: string, key?: string) =>
  split(stock.target, stock.partId, unitId, stock.shelves[1].id, quantity, key);

const quantities = (listing: readonly Rec[]) => listing.map((unit) => unit.quantity);
const replayed = (reply: Reply) => reply.headers.get('idempotent-replayed');

describe.each(targets())('Idempotency-Key on $name', (target) => {
  it('runs a split once: the retry with the same key is given the first answer and moves no stock', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '10' }));
    const key = randomUUID();
    const first = await splitOf(stock, id, '4', key);
    expect(first.status, first.text).toBe(200);
    expect(replayed(first)).toBeNull();
    const again = await splitOf(stock, id, '4', key);
    expect(again.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(replayed(again)).toBe('true');
    // The key quoted, as the IETF draft writes it, is the same key.
    expect(replayed(await splitOf(stock, id, '4', `"${key}"`))).toBe('true');
    expect(quantities(await listingOf(target, stock.partId))).toEqual(['6.0', '4.0']);
    expect((await recordsOf(target, stock.partId, id)).map((record) => record.record_type)).toEqual(['create', 'split']);
  });

  it('refuses the key with another body (422) and changes nothing', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '10' }));
    const key = randomUUID();
    expect((await splitOf(stock, id, '4', key)).status).toBe(200);
    const other = idOf(await addUnit(stock, { quantity: '10' }));
    const before = await snapshot(stock, [id, other]);
    expectErrors(await splitOf(stock, id, '3', key), 422, [KEY_REUSED]);
    // Another path (the same body sent to another unit's split) is another request too.
    expectErrors(await splitOf(stock, other, '4', key), 422, [KEY_REUSED]);
    await expectUnchanged(stock, before);
    expect(quantities(await listingOf(target, stock.partId))).toEqual(['6.0', '4.0', '10.0']);
  });

  it('runs once when the same keyed split is sent many times at once', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '10' }));
    const key = randomUUID();
    const replies = await Promise.all(Array.from({ length: 8 }, () => splitOf(stock, id, '1', key)));
    const ran = replies.filter((reply) => reply.status === 200 && replayed(reply) === null);
    expect(ran, replies.map((reply) => `${reply.status} ${reply.text}`).join('\n')).toHaveLength(1);
    for (const reply of replies) {
      if (reply.status === 409) {
        expectMessage(reply, 409, IN_USE);
        expect(reply.headers.get('retry-after')).toBe('1');
      } else {
        expect(reply.status).toBe(200);
        expect(reply.text).toBe(ran[0]!.text);
      }
    }
    expect(quantities(await listingOf(target, stock.partId))).toEqual(['9.0', '1.0']);
    expect((await recordsOf(target, stock.partId, id)).map((record) => record.record_type)).toEqual(['create', 'split']);
  });

  it('keeps a refusal as the answer: sent again it is given again, even once the request would succeed', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '10' }));
    const key = randomUUID();
    const refused = await splitOf(stock, id, '20', key);
    expectErrors(refused, 422, ["Quantity can't be greater than the quantity available."]);
    const again = await splitOf(stock, id, '20', key);
    expectErrors(again, 422, ["Quantity can't be greater than the quantity available."]);
    expect(replayed(again)).toBe('true');
    expect(quantities(await listingOf(target, stock.partId))).toEqual(['10.0']);
  });

  it('refuses a key that is not 1 to 255 visible ASCII characters (400) and changes nothing', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '10' }));
    const before = await snapshot(stock, [id]);
    for (const key of ['', 'k'.repeat(256), 'two words', '"open']) {
      expectMessage(await splitOf(stock, id, '4', key), 400, BAD_KEY);
    }
    await expectUnchanged(stock, before);
    // The longest key is taken.
    expect((await splitOf(stock, id, '4', 'k'.repeat(255) + randomUUID()).then((r) => r.status))).toBe(400);
    expect((await splitOf(stock, id, '4', randomUUID() + 'k'.repeat(219))).status).toBe(200);
  });

  it('leaves a request without the header as it was: each one runs', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '10' }));
    for (let n = 0; n < 2; n++) {
      const reply = await splitOf(stock, id, '1');
      expect(reply.status).toBe(200);
      expect(replayed(reply)).toBeNull();
    }
    expect(quantities(await listingOf(target, stock.partId))).toEqual(['8.0', '1.0', '1.0']);
  });

  it('ignores the header on a read', async () => {
    const stock = await stockSetting(target);
    const id = idOf(await addUnit(stock, { quantity: '10' }));
    const reply = await request(target, 'GET', unitPath(stock.partId, id), { headers: { 'Idempotency-Key': '' } });
    expect(reply.status).toBe(200);
  });
});

// Two server processes on one PostgreSQL database: the key holds across them.
describeOnPostgresFleet('Idempotency-Key across two server processes on PostgreSQL', 'Idempotency-Key across server processes', (fleetOf) => {
  const listing = async (endpoint: Endpoint, partId: number) =>
    quantities(expectList(await get(endpoint, `/part/${partId}/inventory_units`), 'inventory_units', 'inventory_unit', inventoryForms.listed));

  it('moves stock once for a split retried on the other process, and once for the same split sent to both at once', async () => {
    const fleet = fleetOf();
    const [one, two] = fleet.endpoints as [Endpoint, Endpoint];
    const stock = await setUpStock(one, ['100'], 2);
    const unit = stock.units[0]!.id;
    const shelf = stock.sublocationIds[1]!;
    const key = randomUUID();
    const first = await split(one, stock.partId, unit, shelf, '10', key);
    expect(first.status, `${first.text}\n${fleet.output()}`).toBe(200);
    const retried = await split(two, stock.partId, unit, shelf, '10', key);
    expect(retried.status).toBe(200);
    expect(replayed(retried)).toBe('true');
    expect(retried.text).toBe(first.text);
    expect(await listing(two, stock.partId)).toEqual(['90.0', '10.0']);

    const raced = randomUUID();
    const replies = await Promise.all(Array.from({ length: 12 }, (_, n) => split(n % 2 ? two : one, stock.partId, unit, shelf, '5', raced)));
    const ran = replies.filter((reply) => reply.status === 200 && replayed(reply) === null);
    const tally = (status: number) => replies.filter((reply) => reply.status === status).length;
    console.info(`[idempotency] 12 at once on two processes: 1 ran, ${tally(200) - 1} replayed, ${tally(409)} told 409`);
    expect(ran, replies.map((reply) => `${reply.status} ${reply.text}`).join('\n')).toHaveLength(1);
    expect(replies.every((reply) => reply.status === 200 || reply.status === 409)).toBe(true);
    expect(await listing(one, stock.partId)).toEqual(['85.0', '10.0', '5.0']);
  }, 120_000);
});
