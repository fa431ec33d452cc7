import { describe, expect, it } from 'vitest';
import { errors, messages } from '../errors';
import { schema } from '../schema';
import { fakeContext } from '../testing/context';
import { addLinecard } from './linecard';

describe('addLinecard', () => {
  it('answers as for a retry when a concurrent link of the same pair won the insert', async () => {
    const ctx = fakeContext();
    ctx.store.rows.set('manufacturer', [{ id: 1 }]);
    ctx.store.rows.set('vendor', [{ id: 2 }]);
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
    const ctx = fakeContext();
    ctx.store.rows.set('manufacturer', [{ id: 1 }]);
    ctx.store.rows.set('vendor', [{ id: 2 }]);
    ctx.store.beforeInsert = () => {
      throw errors.taken({ name: 'some_other_key', field: 'vendor_id' });
    };
    await expect(addLinecard(ctx, { manufacturer_id: '1', vendor_id: '2' })).rejects.toThrow('Vendor has already been taken');
    expect(ctx.store.transactions).toBe(1);
  });

  it('does not retry other errors', async () => {
    const ctx = fakeContext();
    ctx.store.rows.set('manufacturer', [{ id: 1 }]);
    ctx.store.rows.set('vendor', [{ id: 2 }]);
    ctx.store.beforeInsert = () => {
      throw errors.invalid([messages.mustExist('vendor_id')]);
    };
    await expect(addLinecard(ctx, { manufacturer_id: '1', vendor_id: '2' })).rejects.toThrow('Vendor must exist');
    expect(ctx.store.transactions).toBe(1);
  });
});
