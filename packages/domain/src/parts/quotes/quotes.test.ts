import { describe, expect, it } from 'vitest';
import { errors } from '../../errors';
import { createRecord } from '../../reference/engine/create-record';
import { parseRecord } from '../../reference/engine/record-input';
import { vendorResource } from '../../reference/vendor';
import { fakeContext, type FakeContext } from '../../test';
import { createPart } from '../../views/part-writes';
import { parseCreatePart } from '../create-part/create-part-input';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import { addQuote } from './add-quote';
import { parseQuote } from './quote-input';
import { removeQuote } from './remove-quote';

async function setting(ctx: FakeContext) {
  const part = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx))));
  const vendor = await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi-Key' }));
  return { part_id: String(part.part.id), vendor_id: String(vendor.row.id) };
}

describe('addQuote', () => {
  it('writes one quote in the site currency, expiring valid_for days from now', async () => {
    const ctx = fakeContext({ now: new Date('2025-02-01T00:00:00Z'), site: { currency: 'EUR' } });
    const ids = await setting(ctx);
    await addQuote(ctx, parseQuote({ ...ids, price: '1.5', valid_for: '10' }));
    expect(await ctx.store.rows('quote')).toMatchObject([
      { part_id: Number(ids.part_id), price: '1.5', currency: 'EUR', expires_on: new Date('2025-02-11T00:00:00Z') },
    ]);
  });

  it('names every unknown id at once and writes nothing', async () => {
    const ctx = fakeContext();
    const ids = await setting(ctx);
    const before = ctx.store.transactions;
    await expect(addQuote(ctx, parseQuote({ part_id: '99', vendor_id: '98', unit_id: '97', price: '1' }))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Part must exist', 'Vendor must exist', 'Unit must exist'],
    });
    await expect(addQuote(ctx, parseQuote({ ...ids, unit_conversion_id: '5', price: '1' }))).rejects.toMatchObject({
      messages: ['Unit conversion must exist'],
    });
    expect(ctx.store.transactions - before).toBe(2);
    expect(await ctx.store.rows('quote')).toEqual([]);
  });

  it('leaves nothing when the write fails', async () => {
    const ctx = fakeContext();
    const ids = await setting(ctx);
    ctx.store.failNextWrite(errors.busy(), { table: 'quote', kind: 'insert' });
    await expect(addQuote(ctx, parseQuote({ ...ids, price: '1' }))).rejects.toMatchObject({ code: 'busy' });
    expect(await ctx.store.rows('quote')).toEqual([]);
  });
});

describe('removeQuote', () => {
  it('deletes the quote, then answers 404 for it', async () => {
    const ctx = fakeContext();
    const ids = await setting(ctx);
    await addQuote(ctx, parseQuote({ ...ids, price: '1' }));
    await addQuote(ctx, parseQuote({ ...ids, price: '2' }));
    const [first, second] = await ctx.store.rows('quote');
    await removeQuote(ctx, first!.id);
    expect((await ctx.store.rows('quote')).map((q) => q.id)).toEqual([second!.id]);
    await expect(removeQuote(ctx, first!.id)).rejects.toMatchObject({
      code: 'not_found',
      messages: [`Couldn't find Quote with 'id'=${first!.id}`],
    });
  });
});
