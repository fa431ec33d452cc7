import { describe, expect, it } from 'vitest';
import type { NewRow, Parttype } from '@pips/domain';
import { rejectionOf } from './expect-error';
import { at, fixtures } from './fixtures';
import type { Harness } from './harness';
import { seed } from './seed';

/** Insert, get and find: ids, round-tripped values and copies. */
export function describeCrud(h: Harness): void {
  describe('insert and read', () => {
    it('gives each table its own ids, starting at 1 and growing', async () => {
      const ids = await h.tx(async (tx) => {
        const manufacturers = [];
        for (let i = 0; i < 3; i++) manufacturers.push((await seed(tx, 'manufacturer')).id);
        const unit = await seed(tx, 'unit');
        return { manufacturers, unit: unit.id };
      });
      expect(ids).toEqual({ manufacturers: [1, 2, 3], unit: 1 });
      const later = await h.tx(async (tx) => (await seed(tx, 'manufacturer')).id);
      expect(later).toBe(4);
    });

    it('never hands out a deleted id again', async () => {
      await h.tx(async (tx) => {
        await seed(tx, 'unit');
        await seed(tx, 'unit');
      });
      await h.tx((tx) => tx.repo('unit').delete(2));
      const next = await h.tx(async (tx) => (await seed(tx, 'unit')).id);
      expect(next).toBeGreaterThan(2);
    });

    it('never hands out an id a rolled-back insert took', async () => {
      const taken: number[] = [];
      await h.tx(async (tx) => void taken.push((await seed(tx, 'unit')).id));
      await rejectionOf(
        h.tx(async (tx) => {
          taken.push((await seed(tx, 'unit')).id);
          throw new Error('boom');
        }),
      );
      const next = await h.tx(async (tx) => (await seed(tx, 'unit')).id);
      expect(next).toBeGreaterThan(Math.max(...taken));
    });

    it('returns the inserted row, and get/find return equal values with their types', async () => {
      const values: NewRow<Parttype> = {
        ...fixtures.parttype(),
        attrition: '0.1',
        is_non_material: true,
        part_next: 2147483647,
        partnumber_key: 'RES',
        parent_only: false,
        label_id: 7,
        created_at: at(1),
        updated_at: at(999),
      };
      const inserted = await h.tx((tx) => tx.repo('parttype').insert(values));
      expect(inserted).toEqual({ ...values, id: 1 });
      const [got, found] = await h.tx(async (tx) => [await tx.repo('parttype').get(1), await tx.repo('parttype').find()]);
      expect(got).toEqual(inserted);
      expect(found).toEqual([inserted]);
      expect(got?.created_at).toBeInstanceOf(Date);
      expect(got?.updated_at.getTime()).toBe(at(999).getTime());
      expect(typeof got?.is_non_material).toBe('boolean');
      expect(typeof got?.parent_only).toBe('boolean');
      expect(typeof got?.part_next).toBe('number');
      expect(typeof got?.label_id).toBe('number');
      expect(got?.parent_id).toBeNull();
    });

    it('keeps decimal columns as canonical strings, exactly', async () => {
      const discounts = ['12345678901234567890.0123456789', '0.1', '10.0', '0.0000000001', '-3.5', '0.0'];
      await h.tx(async (tx) => {
        for (const discount of discounts) await seed(tx, 'customer', { discount });
      });
      const stored = await h.tx((tx) => tx.repo('customer').find());
      expect(stored.map((c) => c.discount)).toEqual(discounts);
      const conversion = await h.tx(async (tx) => {
        const row = await seed(tx, 'unit_conversion', { factor: '1000.0' });
        return tx.repo('unit_conversion').get(row.id);
      });
      expect(conversion?.factor).toBe('1000.0');
    });

    it('keeps nulls as null and Dates as Dates, nullable Dates included', async () => {
      const token = await h.tx(async (tx) => {
        await seed(tx, 'api_token', { revoked_at: null });
        await seed(tx, 'api_token', { revoked_at: at(42) });
        return tx.repo('api_token').find();
      });
      expect(token[0]?.revoked_at).toBeNull();
      expect(token[1]?.revoked_at).toBeInstanceOf(Date);
      expect(token[1]?.revoked_at?.toISOString()).toBe(at(42).toISOString());
      const customer = await h.tx(async (tx) => tx.repo('customer').get((await seed(tx, 'customer')).id));
      expect(customer).toMatchObject({ email: null, discount: null, credit_limit: null });
    });

    it('answers null from get and nothing from find when there is no row', async () => {
      await h.tx((tx) => seed(tx, 'unit'));
      const [missing, none] = await h.tx(async (tx) => [
        await tx.repo('unit').get(99),
        await tx.repo('manufacturer').find(),
      ]);
      expect(missing).toBeNull();
      expect(none).toEqual([]);
    });

    it('sees its own writes inside the transaction', async () => {
      const seen = await h.tx(async (tx) => {
        const unit = await seed(tx, 'unit', { name: 'meter' });
        return [await tx.repo('unit').get(unit.id), await tx.repo('unit').find({ name: 'meter' })];
      });
      expect(seen[0]).toMatchObject({ name: 'meter' });
      expect(seen[1]).toHaveLength(1);
    });
  });

  describe('returned rows are copies', () => {
    it('ignores changes to the inserted values and to the row insert returned', async () => {
      const values = { ...fixtures.unit(), name: 'meter' };
      const inserted = await h.tx((tx) => tx.repo('unit').insert(values));
      values.name = 'changed';
      values.created_at.setTime(0);
      inserted.name = 'changed too';
      inserted.updated_at.setTime(0);
      const stored = await h.tx((tx) => tx.repo('unit').get(inserted.id));
      expect(stored).toMatchObject({ name: 'meter', created_at: at(0), updated_at: at(0) });
    });

    it('ignores changes to rows from get, find and findOne', async () => {
      await h.tx((tx) => seed(tx, 'unit', { name: 'meter' }));
      await h.tx(async (tx) => {
        const got = await tx.repo('unit').get(1);
        if (got) got.name = 'from get';
        const [found] = await tx.repo('unit').find();
        if (found) found.created_at.setTime(0);
        const one = await tx.repo('unit').findOne({ name: 'meter' });
        if (one) one.allow_fractional = false;
      });
      const stored = await h.tx((tx) => tx.repo('unit').get(1));
      expect(stored).toMatchObject({ name: 'meter', created_at: at(0), allow_fractional: true });
    });

    it('ignores changes to the patch and to the row update returned', async () => {
      await h.tx((tx) => seed(tx, 'unit', { name: 'meter' }));
      const patch = { name: 'metre', updated_at: at(5) };
      const updated = await h.tx((tx) => tx.repo('unit').update(1, patch));
      patch.name = 'changed';
      patch.updated_at.setTime(0);
      if (updated) updated.description = 'changed';
      const stored = await h.tx((tx) => tx.repo('unit').get(1));
      expect(stored).toMatchObject({ name: 'metre', description: null, updated_at: at(5) });
    });
  });
}
