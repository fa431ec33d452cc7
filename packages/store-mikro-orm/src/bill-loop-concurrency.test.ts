import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { addSubpart, parseSubpart, createPart, parseCreatePart, isPipsError, showRevision, type Context, type Plan, type Store, type Tx } from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { postgresSuites } from './postgres-suites';
import { sharedPostgres } from './test-databases';

// Edits of different bills race on PostgreSQL's many connections: each alone is fine, together
// they would close a loop. However they interleave, no part ends up containing itself: the checks
// take turns under one lock, each seeing what the ones before it committed.

/** A plan that walks bill lines (the check's read): a tree or reach over `subpart`. */
const walksBills = (plan: Plan) => Object.values(plan).some((entry) => entry.table === 'subpart' && (entry.kind === 'reach' || entry.kind === 'tree'));

/**
 * Pairs up transactions at their bill check: each, once its check has read, waits for another to
 * read too (or for a short while), so checks that can run side by side do, and write after both
 * have read. Checks that take turns wait alone and go on: the wait only ever helps a race happen.
 */
function meetingAtChecks(store: Store): Store {
  let waiting: (() => void) | null = null;
  const meet = () =>
    new Promise<void>((resolve) => {
      if (waiting) {
        waiting();
        waiting = null;
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        waiting = null;
        resolve();
      }, 200);
      waiting = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const pausing = (tx: Tx): Tx => ({
    ...tx,
    async load(plan, args) {
      const loaded = await tx.load(plan, args);
      if (walksBills(plan)) await meet();
      return loaded;
    },
  });
  return { ...store, transaction: (work) => store.transaction((tx) => work(pausing(tx))) };
}

postgresSuites('bills edited side by side (PostgreSQL)', (adminUrl) => {
  describe('bills edited side by side (PostgreSQL)', () => {
    const database = sharedPostgres(adminUrl);
    let store: Store | undefined;
    afterEach(() => store?.close());
    afterAll(() => database.dispose());

    it('lets only some of the edits that together would close a loop land, and no part ends up containing itself', async () => {
      store = await database.open();
      const { ctx: plain, setting } = await partContext(store);
      const ctx: Context = { ...plain, store: meetingAtChecks(store) };
      const make = async (partnumber: string) => {
        const view = await createPart(plain, parseCreatePart({ manufacturer_pn: partnumber, partnumber, ...setting, revision: { revision_name: 'A' } }));
        return { id: view.part.id, revision: view.revision.revision.id };
      };
      const add = (context: Context, assembly: number, child: string) =>
        addSubpart(context, parseSubpart({ partnumber: child, part_id: String(assembly), quantity: '1' })).then(
          () => 'landed',
          (error: unknown) => {
            if (isPipsError(error) && error.code === 'unprocessable' && /^A part cannot contain itself: /.test(error.messages[0] ?? '')) return 'refused';
            throw error;
          },
        );
      // Rings of parts: R<r>-<i> lists R<r>-<i>m, which the edit of the next part would list in
      // turn: R-0 → R-0m is written first, … the ring closes only when every R-i → R-im lands.
      // The edits lock different revisions, so no row lock puts them in turns: only the check's.
      const rings = [2, 2, 2, 2, 2, 3, 3];
      const edits: Array<() => Promise<string>> = [];
      const members: Array<Array<{ id: number; revision: number }>> = [];
      for (const [r, size] of rings.entries()) {
        const ring: Array<{ id: number; revision: number }> = [];
        for (let i = 0; i < size; i++) ring.push(await make(`R${r}-${i}`));
        for (let i = 0; i < size; i++) {
          const middle = await make(`R${r}-${i}m`);
          expect(await add(plain, middle.id, `R${r}-${(i + 1) % size}`)).toBe('landed');
          edits.push(() => add(ctx, ring[i]!.id, `R${r}-${i}m`));
        }
        members.push(ring);
      }
      const outcomes = await Promise.all(edits.map((edit) => edit()));
      let at = 0;
      for (const [r, size] of rings.entries()) {
        const ring = outcomes.slice(at, at + size);
        // Every edit but one: the last to check sees the others and refuses.
        expect(ring.filter((outcome) => outcome === 'refused')).toHaveLength(1);
        // Read back: each ring part's bill holds its line exactly when the edit landed.
        for (const [i, part] of members[r]!.entries()) {
          expect((await showRevision(plain, part.id, part.revision)).subparts.length).toBe(ring[i] === 'landed' ? 1 : 0);
        }
        at += size;
      }
    });
  });
});
