import { describe, expect, it } from 'vitest';
import { expectPipsError, rejectionOf } from './expect-error';
import type { Harness } from './harness';
import { seed, snapshot } from './seed';

class WorkFailed extends Error {
  readonly detail = { reason: 'test' };
}

/** All or nothing: a transaction whose work throws leaves no trace, and its error comes back as is. */
export function describeTransactions(h: Harness): void {
  describe('transactions', () => {
    it("returns work's value", async () => {
      expect(await h.tx(async () => 42)).toBe(42);
      const unit = await h.tx(async (tx) => ({ made: await seed(tx, 'unit', { name: 'each' }) }));
      expect(unit.made.name).toBe('each');
    });

    it('makes a committed transaction visible to later ones', async () => {
      const unit = await h.tx((tx) => seed(tx, 'unit', { name: 'each' }));
      expect(await h.tx((tx) => tx.repo('unit').get(unit.id))).toEqual(unit);
      await h.tx((tx) => tx.repo('unit').update(unit.id, { description: 'one piece' }));
      expect(await h.tx((tx) => tx.repo('unit').findOne({ name: 'each' }))).toMatchObject({ description: 'one piece' });
    });

    it("rolls back every insert, update and delete when work throws, and rethrows work's error unchanged", async () => {
      const [manufacturer, unit] = await h.tx(async (tx) => [
        await seed(tx, 'manufacturer', { name: 'Acme' }),
        await seed(tx, 'unit', { name: 'each' }),
        await seed(tx, 'unit', { name: 'pair' }),
      ]);
      const before = await h.tx(snapshot);
      const thrown = new WorkFailed('work failed');
      const error = await rejectionOf(
        h.tx(async (tx) => {
          await seed(tx, 'manufacturer', { name: 'New' });
          const location = await seed(tx, 'inventory_location');
          await seed(tx, 'inventory_sublocation', { inventory_location_id: location.id });
          await tx.repo('manufacturer').update(manufacturer!.id, { name: 'Renamed', website: 'x.example' });
          await tx.repo('unit').delete(unit!.id);
          await tx.repo('unit').deleteWhere({ name: 'pair' });
          await seed(tx, 'unit', { name: 'each' });
          throw thrown;
        }),
      );
      expect(error).toBe(thrown);
      expect(await h.tx(snapshot)).toEqual(before);
    });

    it('rolls back the earlier writes of a transaction a constraint error ends', async () => {
      await h.tx((tx) => seed(tx, 'unit', { name: 'each' }));
      const before = await h.tx(snapshot);
      await expectPipsError(
        h.tx(async (tx) => {
          await seed(tx, 'manufacturer', { name: 'Acme' });
          await tx.repo('unit').update(1, { description: 'changed' });
          await seed(tx, 'unit', { name: 'each' });
        }),
        'invalid',
        ['Name has already been taken'],
      );
      expect(await h.tx(snapshot)).toEqual(before);
    });

    it('keeps working after a failed transaction', async () => {
      await rejectionOf(
        h.tx(async (tx) => {
          await seed(tx, 'unit', { name: 'each' });
          throw new Error('boom');
        }),
      );
      const unit = await h.tx((tx) => seed(tx, 'unit', { name: 'each' }));
      expect(await h.tx((tx) => tx.repo('unit').find())).toEqual([unit]);
    });
  });
}
