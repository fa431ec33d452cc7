import { expect, it } from 'vitest';
import { describeWhen } from './capability';
import { rejectionOf } from './expect-error';
import type { Harness } from './harness';
import { seed } from './seed';

/** What a `persistent` store keeps across close and reopen: committed rows and sequences, nothing else. */
export function describePersistence(h: Harness): void {
  describeWhen(h.capabilities, 'persistent', true, 'persistence', () => {
    it('keeps committed rows and sequences across close and reopen, and nothing rolled back', async () => {
      const unit = await h.tx(async (tx) => {
        await tx.nextValue('part_number');
        return seed(tx, 'unit', { name: 'each' });
      });
      await rejectionOf(
        h.tx(async (tx) => {
          await seed(tx, 'unit', { name: 'lost' });
          throw new Error('rolled back');
        }),
      );
      await h.reopen();
      expect(await h.tx((tx) => tx.repo('unit').find())).toEqual([unit]);
      expect(await h.tx((tx) => tx.nextValue('part_number'))).toBe(2);
      const next = await h.tx((tx) => seed(tx, 'unit', { name: 'pair' }));
      expect(next.id).toBeGreaterThan(unit.id);
      await expect(h.store().ping()).resolves.toBeUndefined();
    });
  });
}
