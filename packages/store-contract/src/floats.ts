import { describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { seed } from './seed';

/** What a part's `value` holds: from picofarads to gigaohms, written back as the same double. */
const VALUES = [1e-12, 4.7e-11, 1e-7, 0.1, 4700, 2.2e9, -3.5, 1 / 3];

/** A float column keeps a double bit for bit, small and large, and orders numerically. */
export function describeFloats(h: Harness): void {
  describe('float columns', () => {
    it('read back exactly what was written', async () => {
      for (const value of VALUES) {
        const part = await h.tx((tx) => seed(tx, 'part', { value }));
        expect((await h.tx((tx) => tx.repo('part').get(part.id)))?.value).toBe(value);
      }
    });

    it('compare by value', async () => {
      for (const value of VALUES) await h.tx((tx) => seed(tx, 'part', { value }));
      const small = await h.tx((tx) => tx.repo('part').find({ value: { $lt: 1e-6 } }, { orderBy: [['value', 'asc']] }));
      expect(small.map((p) => p.value)).toEqual([-3.5, 1e-12, 4.7e-11, 1e-7]);
    });
  });
}
