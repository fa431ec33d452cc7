import { describe, expect, it } from 'vitest';
import { errors, messages } from '../../errors';
import { schema } from '../../schema';
import { fakeContext } from '../../testing/context';
import { addLinecard } from './add-linecard';

function withBothEnds() {
  const ctx = fakeContext();
  ctx.store.rows.set('manufacturer', [{ id: 1 }]);
  ctx.store.rows.set('vendor', [{ id: 2 }]);
  return ctx;
}

describe('addLinecard', () => {
  it('links the pair once; linking it again changes nothing', async () => {
    const ctx = withBothEnds();
    await addLinecard(ctx, { manufacturer_id: '1', vendor_id: '2' });
    const linked = structuredClone(ctx.store.rows.get('linecard'));
    expect(linked).toEqual([{ id: 1, manufacturer_id: 1, vendor_id: 2, created_at: new Date('2025-01-01T00:00:00Z') }]);
    await addLinecard(ctx, { manufacturer_id: ' 1', vendor_id: '2 ' });
    expect(ctx.store.rows.get('linecard')).toEqual(linked);
  });

  it('answers 404 for an unknown end, and writes nothing', async () => {
    const ctx = withBothEnds();
    await expect(addLinecard(ctx, { manufacturer_id: '1', vendor_id: '3' })).rejects.toMatchObject({
      code: 'not_found',
      messages: ["Couldn't find Vendor with 'id'=3"],
    });
    expect(ctx.store.rows.get('linecard') ?? []).toEqual([]);
  });

  it('answers as for a retry when a concurrent link of the same pair won the insert', async () => {
    const ctx = withBothEnds();
    let inserts = 0;
    // The other request's link lands between this one's look-up and its insert.
    ctx.store.beforeInsert = (table, values) => {
      if (table !== 'linecard' || ++inserts > 1) return;
      ctx.store.rows.set('linecard', [{ ...values, id: 1 }]);
      throw errors.taken(schema.linecard.unique[0]!);
    };
    await expect(addLinecard(ctx, { manufacturer_id: '1', vendor_id: '2' })).resolves.toBeUndefined();
    expect(ctx.store.rows.get('linecard')).toHaveLength(1);
    expect(ctx.store.transactions).toBe(2);
  });

  it('does not retry a conflict of another key, even with the same message', async () => {
    const ctx = withBothEnds();
    ctx.store.beforeInsert = () => {
      throw errors.taken({ name: 'some_other_key', field: 'vendor_id' });
    };
    await expect(addLinecard(ctx, { manufacturer_id: '1', vendor_id: '2' })).rejects.toThrow('Vendor has already been taken');
    expect(ctx.store.transactions).toBe(1);
  });

  it('does not retry other errors', async () => {
    const ctx = withBothEnds();
    ctx.store.beforeInsert = () => {
      throw errors.invalid([messages.mustExist('vendor_id')]);
    };
    await expect(addLinecard(ctx, { manufacturer_id: '1', vendor_id: '2' })).rejects.toThrow('Vendor must exist');
    expect(ctx.store.transactions).toBe(1);
  });
});
