import { describe, expect, it } from 'vitest';
import { isPipsError, many, updateRow, writePlan, type Store } from '@pips/domain';
import { describeWhen } from './capability';
import type { Harness } from './harness';
import { seed } from './seed';

/** The names of the units `store` holds, read outside any transaction, started now. */
const unitNames = (store: Store) => store.read(async (tx) => (await tx.load({ units: many('unit', {}, { orderBy: [['id', 'asc']] }) })).units.map((unit) => unit.name));

/**
 * `WriteOptions.posted`: a store that runs statements in the order they are posted calls it once
 * a committing plan is posted, before answering it, and whatever is read from then on sees the
 * plan, written or refused; any other store never calls it.
 */
export function describePostedWrites(h: Harness): void {
  describe('posted writes', () => {
    describeWhen(h.capabilities, 'postsInOrder', true, 'in posting order', () => {
      it('calls posted before the plan is answered, and a read begun then sees the plan written', async () => {
        const unit = await h.tx((tx) => seed(tx, 'unit', { name: 'before' }));
        const seen: string[] = [];
        let read: Promise<string[]> | undefined;
        const written = h
          .tx((tx) =>
            tx.write(writePlan([updateRow('unit', unit.id, { name: 'after' }, { name: 'before' })]), {
              commit: true,
              posted: () => {
                seen.push('posted');
                read = unitNames(h.store());
              },
            }),
          )
          .then(() => seen.push('answered'));
        await written;
        expect(seen).toEqual(['posted', 'answered']);
        expect(await read).toEqual(['after']);
      });

      it('calls posted for a plan its guard refuses, and a read begun then sees nothing of it', async () => {
        const unit = await h.tx((tx) => seed(tx, 'unit', { name: 'kept' }));
        let read: Promise<string[]> | undefined;
        const refused = await h
          .tx((tx) =>
            tx.write(writePlan([updateRow('unit', unit.id, { name: 'lost' }, { name: 'other' })]), { commit: true, posted: () => (read = unitNames(h.store())) }),
          )
          .catch((error: unknown) => error);
        expect(isPipsError(refused) && refused.details.stale?.table).toBe('unit');
        expect(await read).toEqual(['kept']);
      });
    });

    describeWhen(h.capabilities, 'postsInOrder', false, 'without a posting order', () => {
      it('never calls posted, and writes the plan all the same', async () => {
        const unit = await h.tx((tx) => seed(tx, 'unit', { name: 'before' }));
        let calls = 0;
        await h.tx((tx) => tx.write(writePlan([updateRow('unit', unit.id, { name: 'after' })]), { commit: true, posted: () => calls++ }));
        expect(calls).toBe(0);
        expect(await unitNames(h.store())).toEqual(['after']);
      });
    });
  });
}
