import { describe, expect, it } from 'vitest';
import type { Tx } from '@pips/domain';
import { describeWhen } from './capability';
import { gate } from './gate';
import type { Harness } from './harness';
import { seed } from './seed';

/** How transactions meet: side by side (`concurrentWriters`), with deadlocks retried, or one at a time. */
export function describeInterleaving(h: Harness): void {
  describe('interleaving', () => {
    describeWhen(h.capabilities, 'concurrentWriters', true, 'side by side', () => {
      it('runs a second transaction while the first is still open', async () => {
        const second = gate();
        const first = h.tx(async (tx) => {
          await seed(tx, 'unit', { name: 'first' });
          // A store that runs one transaction at a time never gets here and the case times out.
          await second.passed;
          return 'first';
        });
        const other = h.tx(async (tx) => {
          const unit = await seed(tx, 'unit', { name: 'second' });
          second.open();
          return unit.name;
        });
        expect(await Promise.all([first, other])).toEqual(['first', 'second']);
        expect(await h.tx((tx) => tx.repo('unit').count())).toBe(2);
      });
    });

    describeWhen(h.capabilities, 'retriesOnDeadlock', true, 'deadlocks', () => {
      it('retries the transaction the database chose as the deadlock victim, and both commit', async () => {
        await h.tx(async (tx) => {
          for (const name of ['first', 'second']) await seed(tx, 'unit', { name });
        });
        // Both take their first lock, wait for each other, then reach for the other's row.
        const bothLocked = gate();
        let arrived = 0;
        let attempts = 0;
        const crossing = (firstId: number, secondId: number) => async (tx: Tx) => {
          attempts++;
          await tx.repo('unit').get(firstId, { lock: true });
          if (arrived < 2 && ++arrived === 2) bothLocked.open();
          await bothLocked.passed;
          await tx.repo('unit').get(secondId, { lock: true });
          return tx.repo('unit').update(firstId, { description: `by ${firstId}` });
        };
        const results = await Promise.all([h.tx(crossing(1, 2)), h.tx(crossing(2, 1))]);
        expect(results.map((r) => r?.description)).toEqual(['by 1', 'by 2']);
        expect(attempts).toBe(3);
      });
    });

    describeWhen(h.capabilities, 'concurrentWriters', false, 'one at a time', () => {
      it('starts a transaction only once the one before it has ended', async () => {
        const events: string[] = [];
        const entered = gate();
        const release = gate();
        const first = h.tx(async (tx) => {
          events.push('first starts');
          entered.open();
          await seed(tx, 'unit');
          await release.passed;
          events.push('first ends');
        });
        await entered.passed;
        const second = h.tx(async () => void events.push('second starts'));
        // Time for a store that does not queue to start the second one early. A queueing store
        // passes however long this is, so the wait cannot make the case fail, only miss a fault.
        await new Promise((resolve) => setTimeout(resolve, 50));
        release.open();
        await Promise.all([first, second]);
        expect(events).toEqual(['first starts', 'first ends', 'second starts']);
      });
    });
  });
}
