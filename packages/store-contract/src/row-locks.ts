import { describe, expect, it } from 'vitest';
import { many, param } from '@pips/domain';
import { describeWhen } from './capability';
import { gate } from './gate';
import type { Harness } from './harness';
import { seed } from './seed';

/** The unit `param('unit')` names, locked. */
const LOCK_UNIT = { units: many('unit', { id: param('unit') }, { lock: true }) };

/**
 * `lockRows`: the rows a plan's locked entries find are held until the transaction ends, with
 * nothing answered; what the transaction reads next sees them as their last holder left them.
 */
export function describeRowLocks(h: Harness): void {
  describe('row locks', () => {
    it('locks without answering, lets the transaction go on reading and writing, and lets go when it ends, committed or not', async () => {
      const unit = await h.tx((tx) => seed(tx, 'unit', { name: 'locked' }));
      await h.tx(async (tx) => {
        await tx.lockRows(LOCK_UNIT, { unit: unit.id });
        // A store may send the locks with the next statement (`Tx.lockRows`): one follows them.
        expect(await tx.repo('unit').get(unit.id)).toEqual(unit);
        await tx.repo('unit').update(unit.id, { name: 'changed under its lock' });
      });
      await expect(
        h.tx(async (tx) => {
          await tx.lockRows(LOCK_UNIT, { unit: unit.id });
          await tx.lockRows(LOCK_UNIT, { unit: unit.id + 1_000_000 });
          await tx.takeLock('bill_structure');
          await tx.repo('unit').count({});
          throw new Error('work failed');
        }),
      ).rejects.toThrow('work failed');
      // A lock kept past either end would hold this one until the case times out.
      const read = await h.tx(async (tx) => (await tx.lockRows(LOCK_UNIT, { unit: unit.id }), tx.repo('unit').get(unit.id)));
      expect(read?.name).toBe('changed under its lock');
    });

    it('refuses a plan naming a parameter it is not given, when the statement after it runs', async () => {
      await expect(
        h.tx(async (tx) => {
          await tx.lockRows(LOCK_UNIT);
          await tx.repo('unit').count({});
        }),
      ).rejects.toThrow();
    });

    describeWhen(h.capabilities, 'concurrentWriters', true, 'side by side', () => {
      it('makes a second transaction locking the row wait until the first has ended, then read what it committed', async () => {
        const unit = await h.tx((tx) => seed(tx, 'unit', { name: 'before' }));
        const held = gate();
        const asked = gate();
        const first = h.tx(async (tx) => {
          await tx.lockRows(LOCK_UNIT, { unit: unit.id });
          // Held from here at the latest: a store may send the locks with the statement after them.
          await tx.repo('unit').count({});
          held.open();
          await asked.passed;
          // Time for a lock that does not hold to let the second read first. A lock that holds
          // passes however long this is, so the wait cannot make the case fail, only miss a fault.
          await new Promise((resolve) => setTimeout(resolve, 50));
          await tx.repo('unit').update(unit.id, { name: 'by the first holder' });
        });
        await held.passed;
        const second = h.tx(async (tx) => {
          asked.open();
          await tx.lockRows(LOCK_UNIT, { unit: unit.id });
          await tx.takeLock('bill_structure');
          return (await tx.load({ again: many('unit', { id: param('unit') }) }, { unit: unit.id })).again[0]?.name;
        });
        await first;
        expect(await second).toBe('by the first holder');
      });
    });
  });
}
