import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  addSubpart, parseSubpart,
  createPart, parseCreatePart,
  isPipsError,
  releaseRevision, parseRelease,
  removeSubpart,
  showRevision,
  updateSubpart, parseSubpartChanges,
  type Store,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { sharedPostgres, TEST_DATABASE_URL } from './test-databases';

// Edits of a draft's bill and the draft's release race on PostgreSQL's many connections: each edit
// lands before the release, whole, or is refused after it; a released bill never changes.

const suite = TEST_DATABASE_URL ? describe : describe.skip;

suite('a bill edited while it is released (PostgreSQL)', () => {
  const database = sharedPostgres(TEST_DATABASE_URL ?? '');
  let store: Store | undefined;
  afterEach(() => store?.close());
  afterAll(() => database.dispose());

  it('keeps every edit that landed before the release, refuses the rest, and never changes the released bill', async () => {
    store = await database.open();
    const { ctx, setting } = await partContext(store);
    const make = async (partnumber: string) => createPart(ctx, parseCreatePart({ manufacturer_pn: partnumber, partnumber, ...setting, revision: { revision_name: 'A' } }));
    const board = await make('BOARD');
    const boardRevision = board.revision.revision.id;
    for (let i = 0; i < 24; i++) await make(`C-${i}`);
    // Twelve lines to start with: some are changed and some removed during the race.
    const existing = [];
    for (let i = 0; i < 12; i++) existing.push(await addSubpart(ctx, parseSubpart({ part_id: String(board.part.id), partnumber: `C-${i}`, quantity: '1' })));

    type Outcome = { kind: 'add' | 'update' | 'remove'; id?: number; quantity?: string; landed: boolean };
    const settle = async (kind: Outcome['kind'], run: () => Promise<{ id: number } | void>, quantity?: string, id?: number): Promise<Outcome> => {
      try {
        const result = await run();
        return { kind, id: id ?? (result as { id: number }).id, quantity, landed: true };
      } catch (error) {
        // Only the draft rule (422), or a line another edit removed first (404), may refuse an edit here.
        if (!isPipsError(error) || (error.code !== 'unprocessable' && error.code !== 'not_found')) throw error;
        return { kind, id, quantity, landed: false };
      }
    };
    const edits: Array<Promise<Outcome>> = [];
    let released: Promise<void> | undefined;
    let afterRelease: Promise<string[]> | undefined;
    for (let i = 0; i < 36; i++) {
      if (i === 12) {
        released = releaseRevision(ctx, board.part.id, boardRevision, parseRelease({}));
        // The bill as the release left it, read as soon as the release is done.
        afterRelease = released.then(async () => lineKeys(await showRevision(ctx, board.part.id, boardRevision)));
      }
      const line = existing[i % 12]!;
      if (i % 3 === 0) edits.push(settle('add', () => addSubpart(ctx, parseSubpart({ part_revision_id: String(boardRevision), partnumber: `C-${12 + (i % 12)}`, quantity: String(i) }))));
      else if (i % 3 === 1) edits.push(settle('update', () => updateSubpart(ctx, line.id, parseSubpartChanges({ quantity: `${i}.5` })), `${i}.5`, line.id));
      else edits.push(settle('remove', () => removeSubpart(ctx, line.id), undefined, line.id));
    }
    const outcomes = await Promise.all(edits);
    await released;
    const shownAfterRelease = await afterRelease!;
    const final = await showRevision(ctx, board.part.id, boardRevision);
    expect(final.revision.status).toBe('Active');
    // Nothing changed the bill once it was released.
    expect(lineKeys(final)).toEqual(shownAfterRelease);
    // Every edit that landed shows in the released bill; every refused one does not.
    const lines = new Map(final.subparts.map((line) => [line.id, line]));
    const removed = new Set(outcomes.filter((o) => o.kind === 'remove' && o.landed).map((o) => o.id));
    for (const outcome of outcomes.filter((o) => o.landed)) {
      if (outcome.kind === 'add') expect(lines.has(outcome.id!)).toBe(true);
      if (outcome.kind === 'remove') expect(lines.has(outcome.id!)).toBe(false);
    }
    // A line whose removals were all refused is still there.
    for (const outcome of outcomes.filter((o) => o.kind === 'remove' && !removed.has(o.id))) expect(lines.has(outcome.id!)).toBe(true);
    // A line still there that updates landed on holds one of their quantities: concurrent updates
    // commit in an order of their own, not the order they were sent in, so which one is not known.
    const landedUpdates = new Map<number, number[]>();
    for (const outcome of outcomes) {
      if (outcome.kind === 'update' && outcome.landed) landedUpdates.set(outcome.id!, [...(landedUpdates.get(outcome.id!) ?? []), Number(outcome.quantity)]);
    }
    for (const [id, quantities] of landedUpdates) if (!removed.has(id)) expect(quantities).toContain(Number(lines.get(id)?.quantity));
    expect(outcomes).toHaveLength(36);
  });
});

/** A bill as comparable text: each line's id, child and quantity, in order. */
function lineKeys(view: { subparts: ReadonlyArray<{ id: number; subpart_id: number; quantity: string }> }): string[] {
  return view.subparts.map((line) => `${line.id}:${line.subpart_id}:${line.quantity}`);
}
