import { describe, expect, it } from 'vitest';
import { errors, messages } from '../../errors';
import type { NewRow } from '../../ports';
import type { Linecard } from '../../records';
import { fakeContext } from '../../test';
import { createRecord } from '../engine/create-record';
import { parseRecord } from '../engine/record-input';
import { manufacturerResource } from '../manufacturer';
import { vendorResource } from '../vendor';
import { addLinecard } from './add-linecard';
import { parseLinecardPair } from './linecard-pair';

/** Manufacturer 1 and vendor 1, made the way requests make them. */
async function withBothEnds() {
  const ctx = fakeContext();
  await createRecord(ctx, manufacturerResource, parseRecord(manufacturerResource, { name: 'Acme' }));
  await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Parts Inc' }));
  return ctx;
}

const pair = parseLinecardPair({ manufacturer_id: '1', vendor_id: '1' });

describe('addLinecard', () => {
  it('links the pair once; linking it again changes nothing', async () => {
    const ctx = await withBothEnds();
    await addLinecard(ctx, pair);
    const linked = await ctx.store.rows('linecard');
    expect(linked).toEqual([{ id: 1, manufacturer_id: 1, vendor_id: 1, created_at: new Date('2025-01-01T00:00:00Z') }]);
    await addLinecard(ctx, parseLinecardPair({ manufacturer_id: ' 1', vendor_id: '1 ' }));
    expect(await ctx.store.rows('linecard')).toEqual(linked);
  });

  it('answers 404 for an unknown end, and writes nothing', async () => {
    const ctx = await withBothEnds();
    await expect(addLinecard(ctx, { manufacturer_id: 1, vendor_id: 3 })).rejects.toMatchObject({
      code: 'not_found',
      messages: ["Couldn't find Vendor with 'id'=3"],
    });
    expect(await ctx.store.rows('linecard')).toEqual([]);
  });

  it('answers as for a retry when a concurrent link of the same pair won the insert', async () => {
    const ctx = await withBothEnds();
    // The other request's link commits between this one's look-up and its insert, so the store
    // refuses that insert on the pair's unique key.
    ctx.store.beforeNextWrite(
      async ({ args }) => {
        await ctx.store.transactionBeside((tx) => tx.repo('linecard').insert(args[0] as NewRow<Linecard>));
      },
      { table: 'linecard', kind: 'insert' },
    );
    const before = ctx.store.transactions;
    await expect(addLinecard(ctx, pair)).resolves.toBeUndefined();
    expect(await ctx.store.rows('linecard')).toHaveLength(1);
    expect(ctx.store.transactions - before).toBe(2);
  });

  it('does not retry a conflict of another key, even with the same message', async () => {
    const ctx = await withBothEnds();
    ctx.store.failNextWrite(errors.taken({ name: 'some_other_key', field: 'vendor_id' }), { table: 'linecard' });
    const before = ctx.store.transactions;
    await expect(addLinecard(ctx, pair)).rejects.toThrow('Vendor has already been taken');
    expect(ctx.store.transactions - before).toBe(1);
    expect(await ctx.store.rows('linecard')).toEqual([]);
  });

  it('does not retry other errors', async () => {
    const ctx = await withBothEnds();
    ctx.store.failNextWrite(errors.invalid([messages.mustExist('vendor_id')]), { table: 'linecard' });
    const before = ctx.store.transactions;
    await expect(addLinecard(ctx, pair)).rejects.toThrow('Vendor must exist');
    expect(ctx.store.transactions - before).toBe(1);
  });
});
