import { describe, expect, it } from 'vitest';
import { lockNames } from '@pips/domain/storage';
import { describeWhen } from './capability';
import { gate } from './gate';
import type { Harness } from './harness';
import { seed } from './seed';

/**
 * `takeLock`: transactions taking one name go on one at a time, each seeing what those before it
 * committed, from the statement after the take on (where a store may send the lock).
 */
export function describeNamedLocks(h: Harness): void {
  describe('named locks', () => {
    it('takes each name twice in one transaction without waiting for itself, and lets it go when the transaction ends, committed or not', async () => {
      for (const name of lockNames) {
        await h.tx(async (tx) => {
          await tx.takeLock(name);
          await tx.takeLock(name);
          await seed(tx, 'unit', { name: `under ${name}` });
        });
        await expect(
          h.tx(async (tx) => {
            await tx.takeLock(name);
            // A store may send the lock with the next statement (`Tx.takeLock`): one follows it.
            await tx.repo('unit').count({});
            throw new Error('work failed');
          }),
        ).rejects.toThrow('work failed');
        // A lock kept past either end would hold this one until the case times out.
        expect(await h.tx(async (tx) => (await tx.takeLock(name), tx.repo('unit').count({ name: `under ${name}` })))).toBe(1);
      }
    });

    describeWhen(h.capabilities, 'concurrentWriters', true, 'side by side', () => {
      it('makes a second transaction taking the name wait until the first has ended, then see what it committed', async () => {
        for (const name of lockNames) {
          const held = gate();
          const asked = gate();
          const first = h.tx(async (tx) => {
            await tx.takeLock(name);
            // Held from here at the latest: a store may send the lock with the statement after it.
            await tx.repo('unit').count({});
            held.open();
            await asked.passed;
            // Time for a lock that does not hold to let the second read first. A lock that holds
            // passes however long this is, so the wait cannot make the case fail, only miss a fault.
            await new Promise((resolve) => setTimeout(resolve, 50));
            await seed(tx, 'unit', { name: `by the first holder of ${name}` });
          });
          await held.passed;
          const second = h.tx(async (tx) => {
            asked.open();
            await tx.takeLock(name);
            return tx.repo('unit').count({ name: `by the first holder of ${name}` });
          });
          await first;
          expect(await second).toBe(1);
        }
      });
    });
  });
}
