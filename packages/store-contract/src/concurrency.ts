import { describe, expect, it } from 'vitest';
import { expectPipsError } from './expect-error';
import type { Harness } from './harness';
import { seed } from './seed';

const WRITERS = 20;

/** Concurrent transactions never lose a write, and a unique key holds under a race. */
export function describeConcurrency(h: Harness): void {
  describe('concurrency', () => {
    it(`loses no update when ${WRITERS} transactions increment a locked counter`, async () => {
      const counter = await h.tx((tx) => seed(tx, 'parttype', { part_next: 1 }));
      const taken = await Promise.all(
        Array.from({ length: WRITERS }, () =>
          h.tx(async (tx) => {
            const row = await tx.repo('parttype').get(counter.id, { lock: true });
            if (!row) throw new Error('the counter row is gone');
            // Yield between read and write, so an adapter that does not lock interleaves here.
            await new Promise((resolve) => setTimeout(resolve, 1));
            await tx.repo('parttype').update(counter.id, { part_next: row.part_next + 1 });
            return row.part_next;
          }),
        ),
      );
      expect(await h.tx((tx) => tx.repo('parttype').get(counter.id))).toMatchObject({ part_next: 1 + WRITERS });
      expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 1));
    });

    it('lets exactly one of several concurrent inserts of one name succeed', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () => h.tx((tx) => seed(tx, 'unit', { name: 'each' }))),
      );
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      for (const loss of lost) {
        await expectPipsError(Promise.reject(loss.reason), 'invalid', ['Name has already been taken']);
      }
      expect(await h.tx((tx) => tx.repo('unit').count({ name: 'each' }))).toBe(1);
    });

    it('lets exactly one of several concurrent units of one part take one serial number', async () => {
      const part = await h.tx((tx) => seed(tx, 'part'));
      const parents = await h.tx(async (tx) => ({ unit_id: (await seed(tx, 'unit')).id, inventory_sublocation_id: (await seed(tx, 'inventory_sublocation')).id }));
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () => h.tx((tx) => seed(tx, 'inventory_unit', { ...parents, part_id: part.id, serial_number: 'SN-1' }))),
      );
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const loss of lost) {
        await expectPipsError(Promise.reject(loss.reason), 'invalid', ['Serial number has already been taken']);
      }
      expect(await h.tx((tx) => tx.repo('inventory_unit').count({ part_id: part.id, serial_number: 'SN-1' }))).toBe(1);
    });

    it('keeps the writes of concurrent transactions on different rows', async () => {
      const created = await Promise.all(
        Array.from({ length: 10 }, (_, i) => h.tx((tx) => seed(tx, 'manufacturer', { name: `Maker ${i}` }))),
      );
      expect(new Set(created.map((m) => m.id)).size).toBe(10);
      expect(await h.tx((tx) => tx.repo('manufacturer').count())).toBe(10);
    });
  });
}
