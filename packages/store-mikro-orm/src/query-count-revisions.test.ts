import { expect, it } from 'vitest';
import {
  addSubpart,
  createPart,
  createRevision,
  deleteRevision,
  parseCreatePart,
  parseCreateRevision,
  parseRelease,
  parseSubpart,
  releaseRevision,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { describeStatementCounts } from './statement-count.test-helper';

// How many statements a revision command sends inside its transaction: pinned. Each locks the part
// in a statement of its own, then reads once and writes once (three); a command that writes bill
// lines then checks them for a part containing itself, after its write as every bill write does
// (its lock, then its read, sent together: five statements in four round trips).

describeStatementCounts('statements per revision command', ({ open, counted, statements }) => {
  /** TOP lists MID, which lists LEAF: each part with its draft A. */
  async function setUp() {
    const store = await open();
    const { ctx, setting } = await partContext(store);
    const make = async (partnumber: string) =>
      (await createPart(ctx, parseCreatePart({ manufacturer_pn: partnumber, partnumber, ...setting, revision: { revision_name: 'A', x_size: '0402' } }))).part;
    const [top, middle, leaf] = [await make('TOP'), await make('MID'), await make('LEAF')];
    await addSubpart(ctx, parseSubpart({ part_id: String(top.id), partnumber: 'MID', quantity: '2' }));
    await addSubpart(ctx, parseSubpart({ part_id: String(middle.id), partnumber: 'LEAF', quantity: '3' }));
    return { ctx, top: top.id, middle: middle.id, leaf: leaf.id, activeOf: { top: top.active_revision_id!, middle: middle.active_revision_id!, leaf: leaf.active_revision_id! } };
  }

  const walks = () => statements.filter((sql) => /^WITH RECURSIVE/.test(sql)).length;

  it('releases, creates and deletes revisions in three statements, five where bill lines were written and are checked', async () => {
    const { ctx, top, middle, leaf, activeOf } = await setUp();
    // The parts locked (LEAF and MID, whose draft already names LEAF's A), the revisions, then the plan: nothing re-pointed, nothing to check.
    expect(await counted(() => releaseRevision(ctx, leaf, activeOf.leaf, parseRelease({})))).toBe(3);
    expect(await counted(() => releaseRevision(ctx, middle, activeOf.middle, parseRelease({})))).toBe(3);
    expect(await counted(() => releaseRevision(ctx, top, activeOf.top, parseRelease({})))).toBe(3);
    // A draft copying no line: the part locked, the read, the plan.
    const leafB = await createRevision(ctx, leaf, parseCreateRevision({ id: String(activeOf.leaf) }, {}));
    statements.length = 0;
    let topB = 0;
    expect(await counted(async () => (topB = (await createRevision(ctx, top, parseCreateRevision({ id: String(activeOf.top), copy_subparts: 'false' }, {}))).revision.id))).toBe(3);
    // The same with a deleted draft: the part locked, the read (its revisions, what names the draft), the plan.
    expect(await counted(() => deleteRevision(ctx, top, topB))).toBe(3);
    // A draft copying MID's bill: then the bill_structure lock and one walk above and below it.
    let midB = 0;
    expect(await counted(async () => (midB = (await createRevision(ctx, middle, parseCreateRevision({ id: String(activeOf.middle) }, {}))).revision.id))).toBe(5);
    expect(walks()).toBe(1);
    // LEAF's B released: MID's draft (LEAF's only ancestor: ancestors are the parts whose current revision lists it) re-pointed in place, then checked.
    expect(await counted(() => releaseRevision(ctx, leaf, leafB.revision.id, parseRelease({}, 'true')))).toBe(5);
    expect(walks()).toBe(1);
    // MID's B released: TOP (released, its draft deleted) given a new draft copying its bill, pointed at MID's B, in the same plan, then checked.
    expect(await counted(() => releaseRevision(ctx, middle, midB, parseRelease({}, 'true')))).toBe(5);
    expect(walks()).toBe(1);
    const topRevisions = await ctx.store.read((tx) => tx.repo('part_revision').find({ part_id: top }, { orderBy: [['id', 'asc']] }));
    expect(topRevisions.map((revision) => revision.status)).toEqual(['Active', 'Draft']);
  });
});
