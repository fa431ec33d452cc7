import { describe, expect, it } from 'vitest';
import { insertRow, writePlan, type Tx } from '@pips/domain';
import { describeWhen } from './capability';
import { expectPipsError } from './expect-error';
import { fixtures } from './fixtures';
import type { Harness } from './harness';

const MISSING = 987654;
const WRITERS = 12;

/** One outbox row, as a command's plan writes it beside its change. */
const event = (type: string) =>
  insertRow('event', { position: null, type, occurred_at: new Date('2026-01-01T00:00:00Z'), token_name: 'contract', collection: 'part', record_id: 1, permission: null, payload: '{}' });

const numbers = (tx: Pick<Tx, 'repo'>) =>
  tx.repo('event').find({}, { orderBy: [['position', 'asc']] }).then((rows) => rows.map((row) => row.position));

/**
 * The outbox's numbers: events are written without one, and a numbering pass (`Tx.numberEvents`,
 * in a transaction of its own) gives them, gap-free and in commit order, none for a plan or
 * transaction that fails.
 */
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
      expect(await h.tx((tx) => tx.numberEvents())).toBe(2);
      await h.tx((tx) => tx.write(writePlan([event('d.created')]), { commit: true }));
      expect(await h.tx(async (tx) => (await tx.write(writePlan([event('e.created')])), tx.numberEvents()))).toBe(2);
      // A pass rolled back gives no number: the next one gives the same.
      await expect(
        h.tx(async (tx) => {
          await tx.write(writePlan([event('f.created')]));
          await tx.numberEvents();
          throw new Error('changed its mind');
        }),
      ).rejects.toThrow('changed its mind');
      expect(await h.tx((tx) => tx.numberEvents())).toBe(0);
      const rows = await h.tx((tx) => tx.repo('event').find({}, { orderBy: [['position', 'asc']] }));
      expect(rows.map((row) => [row.position, row.type])).toEqual([
        [1, 'a.created'],
        [2, 'a.updated'],
        [3, 'd.created'],
        [4, 'e.created'],
      ]);
    });

    it(`shows two readers the numbers of ${WRITERS} concurrent writers only in order: none ever appears below one seen`, async () => {
      const store = h.store();
      let writing = true;
      // Each reader numbers, then reads what is numbered after the last it saw; their passes take turns.
      const reader = async () => {
        const seen: number[] = [];
        for (;;) {
          // A round that starts once the writers are done numbers and sees the last of them.
          const done = !writing;
          await store.transaction((tx) => tx.numberEvents());
          const fresh = await store.read((tx) => tx.repo('event').find({ position: { $gt: seen.at(-1) ?? 0 } }, { orderBy: [['position', 'asc']] }));
          seen.push(...fresh.map((row) => row.position ?? 0));
          if (done) return seen;
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      };
      const readers = [reader(), reader()];
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
      // What each reader saw, batch after batch, is 1, 2, 3, … : no number skipped, none came late below another.
      for (const seen of await Promise.all(readers)) expect(seen).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 1));
      expect(await h.tx(numbers)).toEqual(Array.from({ length: WRITERS }, (_, i) => i + 1));
    });

    describeWhen(h.capabilities, 'concurrentWriters', true, 'side by side', () => {
      it('runs one pass at a time: a pass begun while another is open waits, then numbers only what that one left', async () => {
        const store = h.store();
        await h.tx((tx) => tx.write(writePlan([event('a.created')])));
        let numbered: () => void = () => undefined;
        const firstNumbered = new Promise<void>((resolve) => (numbered = resolve));
        let release: () => void = () => undefined;
        const released = new Promise<void>((resolve) => (release = resolve));
        const first = store.transaction(async (tx) => {
          const count = await tx.numberEvents();
          numbered();
          await released;
          return count;
        });
        await firstNumbered;
        await h.tx((tx) => tx.write(writePlan([event('b.created')])));
        const second = store.transaction((tx) => tx.numberEvents());
        // Time for the second pass to reach the database: had it not waited, it would renumber `a` too.
        await new Promise((resolve) => setTimeout(resolve, 100));
        release();
        expect(await Promise.all([first, second])).toEqual([1, 1]);
        expect(await h.tx(numbers)).toEqual([1, 2]);
      });
    });
  });
}
