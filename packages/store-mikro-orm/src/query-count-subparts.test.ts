import { expect, it } from 'vitest';
import {
  addSubpart, parseSubpart,
  addSubparts, parseAddSubparts,
  createPart, parseCreatePart,
  removeSubpart,
  showRevision,
  updateSubpart, parseSubpartChanges,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { describeStatementCounts } from './statement-count.test-helper';

// How many statements a bill line's write sends inside its transaction, and in how many round
// trips: pinned, and the same however many lines it writes or how deep the bills around it go. A
// write that can add or re-point a line sends four: its first read (the revision locked, the child
// found), the bill_structure lock in a statement of its own (bill-cycle.ts says why), the lines
// around the bill read under it, and the plan; the lock and that read travel together
// (pg-sessions.test.ts), so it is three round trips. Adding one line sends its row locks
// (`lockRows`) with them too, and reads the revision and the child in the statement after the
// locks: two round trips. One that cannot add or re-point sends two: the read and the plan.

describeStatementCounts('statements per bill line write', ({ open, statements, sentWithNext }) => {
  async function setUp() {
    const store = await open();
    const { ctx, setting } = await partContext(store);
    const make = async (partnumber: string) => {
      const view = await createPart(ctx, parseCreatePart({ manufacturer_pn: partnumber, partnumber, ...setting, revision: { revision_name: 'A' } }));
      return { id: view.part.id, revision: view.revision.revision.id };
    };
    return { ctx, make };
  }

  /**
   * What each statement `work` sends is, in order: a read (`r`), a recursive read (`w`), the lock
   * (`l`) or a write (`W`: the one that returns rows it wrote); `+` joins those sent in one round trip.
   */
  async function sent(work: () => Promise<unknown>): Promise<string> {
    statements.length = sentWithNext.length = 0;
    await work();
    return statements
      .map((sql, i) => (/pg_advisory_xact_lock/.test(sql) ? 'l' : /^WITH RECURSIVE/.test(sql) ? 'w' : /\bRETURNING\b/.test(sql) ? 'W' : 'r') + (sentWithNext[i] ? '+' : ''))
      .join('');
  }

  it('adds a line in four statements and two round trips, on a bill of one line or twenty, the lines around it two or twenty deep', async () => {
    const { ctx, make } = await setUp();
    const chain: Array<{ id: number; revision: number }> = [];
    for (let i = 0; i < 20; i++) chain.push(await make(`DEEP-${i}`));
    for (let i = 1; i < 20; i++) await addSubpart(ctx, parseSubpart({ part_id: String(chain[i - 1]!.id), partnumber: `DEEP-${i}`, quantity: '1' }));
    const add = (assembly: number, child: string) => addSubpart(ctx, parseSubpart({ part_id: String(assembly), partnumber: child, quantity: '1' }));
    expect(await sent(() => add(chain[1]!.id, 'DEEP-19'))).toBe('r+l+wW');
    for (let i = 0; i < 18; i++) await add(chain[10]!.id, 'DEEP-19');
    expect(await sent(() => add(chain[10]!.id, 'DEEP-19'))).toBe('r+l+wW');
    expect((await showRevision(ctx, chain[10]!.id, chain[10]!.revision)).subparts.map((line) => line.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // By a revision, and by a manufacturer part number: the same.
    const byRevision = () => addSubpart(ctx, parseSubpart({ part_revision_id: String(chain[5]!.revision), subpart_part_revision_id: String(chain[19]!.revision), quantity: '1' }));
    expect(await sent(byRevision)).toBe('r+l+wW');
    expect(await sent(() => addSubpart(ctx, parseSubpart({ part_id: String(chain[5]!.id), manufacturer_pn: 'DEEP-19', quantity: '1' })))).toBe('r+l+wW');
    // Refused: the same, less the write, and one read of the part numbers the refusal names.
    const refused = await sent(() => add(chain[19]!.id, 'DEEP-0').catch((error: unknown) => error));
    expect(refused).toBe('r+l+wr');
    // Six at once to one bill: those that waited together (five, or all six) in the same two round
    // trips, after the first alone when it ran before the others came.
    const together = await sent(async () => {
      const lines = await Promise.all(Array.from({ length: 6 }, () => add(chain[3]!.id, 'DEEP-19')));
      expect(lines.map((line) => line.position)).toEqual([2, 3, 4, 5, 6, 7]);
    });
    expect(['r+l+wW', 'r+l+wWr+l+wW']).toContain(together);
  });

  it('adds a list of lines in four statements, one line or twenty, the answer built from what it read and wrote', async () => {
    const { ctx, make } = await setUp();
    const board = await make('BOARD');
    for (let i = 0; i < 20; i++) await make(`C-${i}`);
    const items = (n: number) => ({ subparts: Array.from({ length: n }, (_, i) => ({ subpart_id: String(board.id + 1 + i), quantity: '1' })) });
    expect(await sent(() => addSubparts(ctx, board.id, board.revision, parseAddSubparts(items(1))))).toBe('rl+wW');
    expect(await sent(() => addSubparts(ctx, board.id, board.revision, parseAddSubparts(items(20))))).toBe('rl+wW');
    const replaced = await addSubparts(ctx, board.id, board.revision, parseAddSubparts({ remove_existing: '1', ...items(20) }));
    expect(replaced).toEqual(await showRevision(ctx, board.id, board.revision));
    expect(await sent(() => addSubparts(ctx, board.id, board.revision, parseAddSubparts({ remove_existing: '1', ...items(20) })))).toBe('rl+wW');
    // Added without replacing: the answer holds the bill's lines before the new ones, as a show does.
    const added = await addSubparts(ctx, board.id, board.revision, parseAddSubparts(items(2)));
    expect(added.subparts).toHaveLength(22);
    expect(added).toEqual(await showRevision(ctx, board.id, board.revision));
  });

  it('changes a line in two statements, four when it re-points the line; removes one in two', async () => {
    const { ctx, make } = await setUp();
    const board = await make('BOARD');
    await make('C-1');
    await make('C-2');
    const line = await addSubpart(ctx, parseSubpart({ part_id: String(board.id), partnumber: 'C-1', quantity: '1' }));
    expect(await sent(() => updateSubpart(ctx, line.id, parseSubpartChanges({ quantity: '3' })))).toBe('rW');
    expect(await sent(() => updateSubpart(ctx, line.id, parseSubpartChanges({ partnumber: 'C-2' })))).toBe('rl+wW');
    expect(await sent(() => removeSubpart(ctx, line.id))).toBe('rW');
  });
});
