import { describe, expect, it } from 'vitest';
import { at } from './fixtures';
import type { Harness } from './harness';
import { seed } from './seed';

/** Update, delete and deleteWhere. */
export function describeWrites(h: Harness): void {
  describe('update', () => {
    it('returns the updated row and changes only the patch', async () => {
      const [first, second] = await h.tx(async (tx) => [
        await seed(tx, 'customer', { name: 'Acme', email: 'a@acme.example', discount: '5.0' }),
        await seed(tx, 'customer', { name: 'Other' }),
      ]);
      const patch = { discount: '7.25', email: null, updated_at: at(60_000) };
      const updated = await h.tx((tx) => tx.repo('customer').update(first!.id, patch));
      expect(updated).toEqual({ ...first, ...patch });
      const [stored, untouched] = await h.tx(async (tx) => [
        await tx.repo('customer').get(first!.id),
        await tx.repo('customer').get(second!.id),
      ]);
      expect(stored).toEqual(updated);
      expect(stored?.updated_at).toBeInstanceOf(Date);
      expect(untouched).toEqual(second);
    });

    it('sets booleans, ints and nullable references', async () => {
      const [parent, child] = await h.tx(async (tx) => [await seed(tx, 'parttype'), await seed(tx, 'parttype')]);
      const updated = await h.tx((tx) =>
        tx.repo('parttype').update(child!.id, { parent_id: parent!.id, is_non_material: true, part_next: 42 }),
      );
      expect(updated).toEqual({ ...child, parent_id: parent!.id, is_non_material: true, part_next: 42 });
      const cleared = await h.tx((tx) => tx.repo('parttype').update(child!.id, { parent_id: null }));
      expect(cleared?.parent_id).toBeNull();
    });

    it('returns the row unchanged for an empty patch', async () => {
      const unit = await h.tx((tx) => seed(tx, 'unit'));
      expect(await h.tx((tx) => tx.repo('unit').update(unit.id, {}))).toEqual(unit);
      expect(await h.tx((tx) => tx.repo('unit').get(unit.id))).toEqual(unit);
    });

    it('leaves a key set to undefined unchanged', async () => {
      const unit = await h.tx((tx) => seed(tx, 'unit', { description: 'kept' }));
      const updated = await h.tx((tx) => tx.repo('unit').update(unit.id, { description: undefined, name: 'renamed' }));
      expect(updated).toEqual({ ...unit, name: 'renamed' });
      expect(await h.tx((tx) => tx.repo('unit').get(unit.id))).toEqual({ ...unit, name: 'renamed' });
    });

    it('returns null for an unknown id and changes nothing', async () => {
      const unit = await h.tx((tx) => seed(tx, 'unit'));
      expect(await h.tx((tx) => tx.repo('unit').update(unit.id + 1, { name: 'ghost' }))).toBeNull();
      expect(await h.tx((tx) => tx.repo('unit').find())).toEqual([unit]);
    });
  });

  describe('delete', () => {
    it('returns true when it deleted the row, false when there was none', async () => {
      const [kept, doomed] = await h.tx(async (tx) => [await seed(tx, 'vendor'), await seed(tx, 'vendor')]);
      expect(await h.tx((tx) => tx.repo('vendor').delete(doomed!.id))).toBe(true);
      expect(await h.tx((tx) => tx.repo('vendor').delete(doomed!.id))).toBe(false);
      expect(await h.tx((tx) => tx.repo('vendor').delete(999))).toBe(false);
      expect(await h.tx((tx) => tx.repo('vendor').find())).toEqual([kept]);
      expect(await h.tx((tx) => tx.repo('vendor').get(doomed!.id))).toBeNull();
    });

    it('deleteWhere returns how many rows it deleted', async () => {
      await h.tx(async (tx) => {
        for (const allow_fractional of [true, false, true, true]) await seed(tx, 'unit', { allow_fractional });
      });
      expect(await h.tx((tx) => tx.repo('unit').deleteWhere({ allow_fractional: true }))).toBe(3);
      expect(await h.tx((tx) => tx.repo('unit').deleteWhere({ allow_fractional: true }))).toBe(0);
      const left = await h.tx((tx) => tx.repo('unit').find());
      expect(left.map((u) => u.id)).toEqual([2]);
    });

    it('deleteWhere with an empty $in deletes nothing', async () => {
      await h.tx(async (tx) => {
        await seed(tx, 'unit');
        await seed(tx, 'unit');
      });
      expect(await h.tx((tx) => tx.repo('unit').deleteWhere({ id: { $in: [] } }))).toBe(0);
      expect(await h.tx((tx) => tx.repo('unit').count())).toBe(2);
    });
  });
}
