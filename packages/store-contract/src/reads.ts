import { describe, expect, it } from 'vitest';
import type { Harness } from './harness';
import { seed } from './seed';

/** `read`: statements outside a transaction, which see only what is committed. */
export function describeReads(h: Harness): void {
  describe('read', () => {
    it('sees committed rows through every read method', async () => {
      const made = await h.tx((tx) => seed(tx, 'unit', { name: 'each' }));
      const seen = await h.store().read(async (tx) => ({
        got: await tx.repo('unit').get(made.id),
        found: await tx.repo('unit').find({ name: 'each' }),
        first: await tx.repo('unit').findOne({ name: 'each' }),
        counted: await tx.repo('unit').count(),
      }));
      expect(seen).toEqual({ got: made, found: [made], first: made, counted: 1 });
    });

    it('never sees what a transaction has written and then rolled back', async () => {
      let inserted: () => void = () => undefined;
      const written = new Promise<void>((resolve) => (inserted = resolve));
      let release: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const failing = h.tx(async (tx) => {
        await seed(tx, 'unit', { name: 'doomed' });
        inserted();
        await gate;
        throw new Error('changed its mind');
      });
      await written;
      // Concurrent stores answer at once (nothing committed); serial ones once the rollback is done.
      const reading = h.store().read((tx) => tx.repo('unit').count());
      release();
      await expect(failing).rejects.toThrow('changed its mind');
      expect(await reading).toBe(0);
    });

    it('rejects with the error its work throws, and the store goes on', async () => {
      await expect(h.store().read(async () => Promise.reject(new Error('reader failed')))).rejects.toThrow('reader failed');
      await h.tx((tx) => seed(tx, 'unit'));
      expect(await h.store().read((tx) => tx.repo('unit').count())).toBe(1);
    });
  });
}
