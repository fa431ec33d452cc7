import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeContext } from '../../../test';
import { createPart } from '../../../views/part-writes';
import { parseCreatePart } from '../../../parts/create-part/create-part-input';
import { partBody, partSetting } from '../../../scenarios/part-setting.test-helper';
import type { PartView } from '../../../views/part-view';
import { addSubpart } from '../change-subparts';
import { parseSubpart } from '../subpart-input';
import { addSubparts } from './add-subparts';
import { parseAddSubparts } from './add-subparts-input';

async function setUp(options: Parameters<typeof fakeContext>[0] = {}) {
  const ctx = fakeContext(options);
  const setting = await partSetting(fakeContext({ store: ctx.store }));
  const make = (partnumber: string) => createPart(fakeContext({ store: ctx.store }), parseCreatePart(partBody(setting, { partnumber, manufacturer_pn: `MPN-${partnumber}` })));
  return { ctx, A: await make('A'), B: await make('B'), C: await make('C'), D: await make('D') };
}

const revisionOf = (part: PartView) => part.revision.revision.id;
/** An item of the list naming `child` (its active revision), quantity 1 unless `extra` says. */
const item = (child: PartView, extra: Record<string, unknown> = {}) => ({ subpart_id: String(child.part.id), quantity: '1', ...extra });
const add = async (ctx: FakeContext, assembly: PartView, body: unknown) => addSubparts(ctx, assembly.part.id, revisionOf(assembly), parseAddSubparts(body));
/** [child part id, position] of each line of `assembly`'s bill, in order. */
const billOf = async (ctx: FakeContext, assembly: PartView) =>
  (await ctx.store.rows('subpart'))
    .filter((line) => line.part_revision_id === revisionOf(assembly))
    .sort((a, b) => a.position - b.position)
    .map((line) => [line.subpart_id, line.position]);

describe('addSubparts', () => {
  it('puts the lines last, in request order, and answers the revision with its whole bill', async () => {
    const { ctx, A, B, C, D } = await setUp();
    await addSubpart(ctx, parseSubpart({ part_id: String(A.part.id), partnumber: 'B', quantity: '1' }));
    const shown = await add(ctx, A, {
      subparts: [item(C, { quantity: '2.50', designator: 'R1', no_load: 'true', build_sequence: '4', comment: 'last' }), item(D, { subpart_part_revision_id: String(revisionOf(D)) })],
    });
    expect(shown.revision.id).toBe(revisionOf(A));
    expect(shown.part.id).toBe(A.part.id);
    expect(shown.subparts.map((line) => [line.subpart_id, line.position])).toEqual([
      [B.part.id, 1],
      [C.part.id, 2],
      [D.part.id, 3],
    ]);
    expect(shown.subparts[1]).toMatchObject({
      part_id: A.part.id, part_revision_id: revisionOf(A), subpart_part_revision_id: revisionOf(C),
      quantity: '2.5', designator: 'R1', no_load: true, build_sequence: 4, comment: 'last',
    });
    expect(shown.subparts[2]).toMatchObject({ subpart_part_revision_id: revisionOf(D), quantity: '1.0', no_load: false, designator: null });
    expect(await billOf(ctx, A)).toEqual(shown.subparts.map((line) => [line.subpart_id, line.position]));
    expect(ctx.store.locked).toContainEqual({ table: 'part_revision', where: { id: revisionOf(A), part_id: A.part.id } });
  });

  it('with remove_existing, replaces the bill: positions start again from 1', async () => {
    const { ctx, A, B, C, D } = await setUp();
    await add(ctx, A, { subparts: [item(B), item(C)] });
    const shown = await add(ctx, A, { remove_existing: '1', subparts: { subpart: [item(D), item(B)] } });
    expect(shown.subparts.map((line) => [line.subpart_id, line.position])).toEqual([
      [D.part.id, 1],
      [B.part.id, 2],
    ]);
    expect(await billOf(ctx, A)).toEqual([
      [D.part.id, 1],
      [B.part.id, 2],
    ]);
  });

  it('names every failing item, numbered from 1, with all its problems, and writes nothing (400)', async () => {
    const { ctx, A, B, C, D } = await setUp();
    await add(ctx, A, { subparts: [item(B)] });
    const before = await ctx.store.rows('subpart');
    const refusal = add(ctx, A, {
      remove_existing: 'true',
      subparts: [
        item(B),
        item(C, { quantity: '-1' }),
        { quantity: '1' },
        { subpart_id: '999999', quantity: '-2' },
        item(C, { subpart_part_revision_id: String(revisionOf(D)) }),
        item(D, { subpart_part_revision_id: '999999' }),
        { subpart_id: String(D.part.id) },
      ],
    });
    await expect(refusal).rejects.toMatchObject({
      code: 'invalid',
      details: {
        items: {
          root: 'subparts',
          item: 'subpart',
          errors: [
            { number: 2, messages: ['Quantity must be nonnegative.'] },
            { number: 3, messages: ['You must specify a valid subpart.'] },
            { number: 4, messages: ['Quantity must be nonnegative.', 'You must specify a valid subpart.'] },
            { number: 5, messages: ['Must belong to a valid subpart part revision.'] },
            { number: 6, messages: ['Must belong to a valid subpart part revision.'] },
            { number: 7, messages: ["Quantity can't be blank"] },
          ],
        },
      },
    });
    expect(await ctx.store.rows('subpart')).toEqual(before);
  });

  it('refuses an empty or missing list as a whole (400), before the store', async () => {
    const { ctx, A } = await setUp();
    const started = ctx.store.transactions;
    for (const body of [undefined, {}, { subparts: [] }, { remove_existing: '1' }]) {
      await expect(add(ctx, A, body)).rejects.toMatchObject({ code: 'invalid', messages: ['No subparts specified.'], details: {} });
    }
    expect(ctx.store.transactions).toBe(started);
  });

  it('answers 404 for an unknown part or a revision that is not the part\'s, 422 for a revision not a draft', async () => {
    const { ctx, A, B } = await setUp();
    const body = { subparts: [item(B)] };
    await expect(addSubparts(ctx, 999999, revisionOf(A), parseAddSubparts(body))).rejects.toMatchObject({ code: 'not_found', messages: ["Couldn't find Part with 'id'=999999"] });
    await expect(addSubparts(ctx, A.part.id, revisionOf(B), parseAddSubparts(body))).rejects.toMatchObject({
      code: 'not_found',
      messages: [`Couldn't find PartRevision with 'id'=${revisionOf(B)}`],
    });
    await ctx.store.transaction((tx) => tx.repo('part_revision').update(revisionOf(A), { status: 'Active' }));
    await expect(add(ctx, A, body)).rejects.toMatchObject({ code: 'unprocessable', messages: ['Subparts can be changed only on a draft revision: revision A is Active'] });
    expect(await ctx.store.rows('subpart')).toEqual([]);
  });

  it('refuses a part that would contain itself, through any item, naming the path (422), writing nothing', async () => {
    const { ctx, A, B, C } = await setUp();
    await add(ctx, B, { subparts: [item(C)] });
    await add(ctx, C, { subparts: [item(A)] });
    const before = await ctx.store.rows('subpart');
    await expect(add(ctx, A, { remove_existing: '1', subparts: [item(B)] })).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['A part cannot contain itself: A > B > C > A'],
    });
    await expect(add(ctx, B, { subparts: [item(B)] })).rejects.toMatchObject({ messages: ['A part cannot contain itself: B > B'] });
    expect(await ctx.store.rows('subpart')).toEqual(before);
  });

  it('needs create_draft_revisions (403), checked before the store', async () => {
    const { ctx, A, B } = await setUp({ permissions: ['manage_data'] });
    await expect(add(ctx, A, { subparts: [item(B)] })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(addSubparts(ctx, 999999, 999999, parseAddSubparts({ subparts: [item(B)] }))).rejects.toMatchObject({ code: 'forbidden' });
    expect(await ctx.store.rows('subpart')).toEqual([]);
  });

  it('is all or nothing: a write failing midway leaves the bill as it was, removed lines included', async () => {
    const { ctx, A, B, C, D } = await setUp();
    await add(ctx, A, { subparts: [item(B)] });
    const before = await ctx.store.rows('subpart');
    // Each hook takes one write: the first insert is counted and lands, the second fails.
    let inserts = 0;
    ctx.store.beforeNextWrite(() => {
      inserts += 1;
    }, { table: 'subpart', kind: 'insert' });
    ctx.store.failNextWrite(undefined, { table: 'subpart', kind: 'insert' });
    await expect(add(ctx, A, { remove_existing: '1', subparts: [item(C), item(D)] })).rejects.toThrow('the write failed');
    expect(inserts).toBe(1);
    expect(await ctx.store.rows('subpart')).toEqual(before);
  });
});
