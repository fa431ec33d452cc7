import { describe, expect, it } from 'vitest';
import { sequenceNames } from '@pips/domain/storage';
import { rejectionOf } from './expect-error';
import type { Harness } from './harness';

/** nextValue: named, independent sequences that start at 1 and never repeat. */
export function describeSequences(h: Harness): void {
  describe('sequences', () => {
    it('starts each sequence at 1 and counts up, across transactions', async () => {
      const first = await h.tx(async (tx) => [await tx.nextValue('part_number'), await tx.nextValue('part_number')]);
      const later = await h.tx((tx) => tx.nextValue('part_number'));
      expect([...first, later]).toEqual([1, 2, 3]);
    });

    it('keeps sequences independent of each other', async () => {
      const values = await h.tx(async (tx) => [
        await tx.nextValue('part_number'),
        await tx.nextValue('part_number'),
        await tx.nextValue('asset_id'),
        await tx.nextValue('part_number'),
        await tx.nextValue('asset_id'),
      ]);
      expect(values).toEqual([1, 2, 1, 3, 2]);
      expect(sequenceNames).toEqual(['part_number', 'asset_id']);
    });

    it('never hands out the same value to concurrent transactions', async () => {
      const values = await Promise.all(Array.from({ length: 20 }, () => h.tx((tx) => tx.nextValue('asset_id'))));
      // All of them committed, so the numbers are exactly 1..20 (gap-free within success).
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it('keeps increasing after a rolled-back transaction took a value', async () => {
      const before = await h.tx((tx) => tx.nextValue('part_number'));
      await rejectionOf(
        h.tx(async (tx) => {
          await tx.nextValue('part_number');
          throw new Error('boom');
        }),
      );
      const after = await h.tx((tx) => tx.nextValue('part_number'));
      expect(after).toBeGreaterThan(before);
    });
  });
}
