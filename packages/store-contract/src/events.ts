import { describe, expect, it } from 'vitest';
import { insertRow, writePlan, type Tx } from '@pips/domain';
import { expectPipsError } from './expect-error';
import { fixtures } from './fixtures';
import type { Harness } from './harness';

const MISSING = 987654;
const WRITERS = 12;

/** One outbox row, as a command's plan writes it beside its change. */
const event = (type: string) =>
  insertRow('event', { type, occurred_at: new Date('2026-01-01T00:00:00Z'), token_name: 'contract', collection: 'part', record_id: 1, permission: null, payload: '{}' });

const numbers = (tx: Pick<Tx, 'repo'>) => tx.repo('event').find({}, { orderBy: [['id', 'asc']] }).then((rows) => rows.map((row) => row.id));

/** The outbox's numbers: gap-free, in commit order, none for a plan or transaction that fails. */
export function describeEvents(h: Harness): void {
  describe('events', () => {
    it('numbers events from 1 with no gap, and a plan that fails half way or a transaction rolled back takes none', async () => {
      await h.tx((tx) => tx.write(writePlan([event('a.created'), event('a.updated')])));
      // A plan whose last step is refused: its event is not kept, nor is its number.
      const refused = writePlan([event('b.created'), insertRow('contact', { ...fixtures.contact(), vendor_id: MISSING, customer_id: null })]);
      await expectPipsError(h.tx((tx) => tx.write(refused)), 'invalid', ['Vendor must exist']);
      await expect(
        h.tx(async (tx) => {
          await tx.write(writePlan([event('c.created')]));
          throw new Error('changed its mind');
        }),
      ).rejects.toThrow('changed its mind');
      await h.tx((tx) => tx.write(writePlan([event('d.created')]), { commit: true }));
      const rows = await h.tx((tx) => tx.repo('event').find({}, { orderBy: [['id', 'asc']] }));
      expect(rows.map((row) => [row.id, row.type])).toEqual([
        [1, 'a.created'],
        [2, 'a.updated'],
        [3, 'd.created'],
      ]);
    });

    it(`shows a reader the numbers of ${WRITERS} concurrent writers only in order: none ever appears below one seen`, async () => {
      const store = h.store();
      let writing = true;
      const seenBatches: number[][] = [];
      const reader = (async () => {
        let last = 0;
        while (writing) {
          const fresh = await store.read((tx) => tx.repo('event').find({ id: { $gt: last } }, { orderBy: [['id', 'asc']] }));
          const ids = fresh.map((row) => row.id);
          if (ids.length > 0) seenBatches.push(ids);
          last = ids.at(-1) ?? last;
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      })();
      // Each writer holds its transaction open a while after its event, so they finish in an order of their own.
      await Promise.all(
        Array.from({ length: WRITERS }, (_, i) =>
          store.transaction(async (tx) => {
            await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
            await tx.write(writePlan([event(`w${i}.created`)]));
            await new Promise((resolve) => setTimeout(resolve, (i * 3) % 4));
            await tx.repo('event').count();
          }),
        ),
      );
      writing = false;
      await reader;
      const seen = seenBatches.flat();
      // What the reader saw, batch after batch, is 1, 2, 3, … : no number came late below another.
      expect(seen).toEqual(seen.map((_, i) => i + 1));
      expect(await h.tx(numbers)).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 1));
    });
  });
}
