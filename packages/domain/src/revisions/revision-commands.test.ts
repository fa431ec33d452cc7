import { describe, expect, it } from 'vitest';
import { fakeContext } from '../test';
import { createPart } from '../views/part-writes';
import { parseCreatePart } from '../parts/create-part/create-part-input';
import { partBody, partSetting } from '../scenarios/part-setting.test-helper';
import { addSubpart } from './subparts/change-subparts';
import { parseSubpart } from './subparts/subpart-input';
import { createRevision } from './create-revision/create-revision';
import { parseCreateRevision } from './create-revision/create-revision-input';
import { deleteRevision } from './delete-revision/delete-revision';
import { releaseRevision } from './release-revision/release-revision';
import { parseRelease } from './release-revision/release-input';
import { readRevisions } from './revision-view';

async function setUp() {
  const ctx = fakeContext();
  const setting = await partSetting(ctx);
  const make = (partnumber: string) => createPart(ctx, parseCreatePart(partBody(setting, { partnumber, revision: { revision_name: 'A', x_package: '0402' } })));
  const [top, middle, leaf] = [await make('TOP'), await make('MID'), await make('LEAF')];
  await addSubpart(ctx, parseSubpart({ part_id: String(top.part.id), partnumber: 'MID', quantity: '2' }));
  await addSubpart(ctx, parseSubpart({ part_id: String(middle.part.id), partnumber: 'LEAF', quantity: '3' }));
  const revisionsOf = (partId: number) => ctx.store.read((tx) => readRevisions(tx, partId));
  const linesOf = async (revisionId: number) => (await ctx.store.rows('subpart')).filter((line) => line.part_revision_id === revisionId);
  return { ctx, top, middle, leaf, revisionsOf, linesOf };
}

const first = (view: { revision: { revision: { id: number } } }) => view.revision.revision.id;

describe('releaseRevision', () => {
  it('releases a draft: Active, released now by the caller, the part\'s active revision; renamed if asked', async () => {
    const { ctx, leaf, revisionsOf } = await setUp();
    await releaseRevision(ctx, leaf.part.id, first(leaf), parseRelease({ revision_name: 'A1', revision_description: 'first build' }));
    const [released] = await revisionsOf(leaf.part.id);
    expect(released!.revision).toMatchObject({
      status: 'Active', revision_name: 'A1', revision_description: 'first build', released_at: ctx.clock.now(), releasor_id: ctx.actor.tokenId,
    });
    await expect(releaseRevision(ctx, leaf.part.id, first(leaf), parseRelease({}))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['Only a draft revision can be released: revision A1 is Active'],
    });
    // A rename to a name the part already uses is refused before anything changes.
    const draft = await createRevision(ctx, leaf.part.id, parseCreateRevision({ id: String(first(leaf)) }, {}));
    await expect(releaseRevision(ctx, leaf.part.id, draft.revision.id, parseRelease({ revision_name: 'A1' }))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Revision name has already been taken'],
    });
    expect((await ctx.store.rows('part_revision')).find((r) => r.id === draft.revision.id)?.status).toBe('Draft');
  });

  it('updates an ancestor\'s draft in place, with no guard to lift', async () => {
    const { ctx, middle, leaf, linesOf } = await setUp();
    // MID was never released: its current revision is its draft, which now points at LEAF's released revision.
    await releaseRevision(ctx, leaf.part.id, first(leaf), parseRelease({}));
    expect((await linesOf(first(middle))).map((line) => line.subpart_part_revision_id)).toEqual([first(leaf)]);
    expect(await ctx.store.rows('part_revision')).toHaveLength(3);
  });

  it('refuses to give released ancestors new drafts without the guard lifted, naming them, changing nothing', async () => {
    const { ctx, top, middle, leaf, revisionsOf } = await setUp();
    await releaseRevision(ctx, leaf.part.id, first(leaf), parseRelease({}));
    await releaseRevision(ctx, middle.part.id, first(middle), parseRelease({}));
    await releaseRevision(ctx, top.part.id, first(top), parseRelease({}));
    const draft = await createRevision(ctx, leaf.part.id, parseCreateRevision({ id: String(first(leaf)) }, {}));
    const before = await ctx.store.rows('part_revision');
    for (const bypass of [undefined, 'yes', 'TRUE']) {
      await expect(releaseRevision(ctx, leaf.part.id, draft.revision.id, parseRelease({}, bypass))).rejects.toMatchObject({
        code: 'unprocessable',
        messages: ['Releasing this revision would up-revise MID: list them with action keep, or send bypass_part_ancestor_up_rev_guard=true'],
      });
    }
    expect(await ctx.store.rows('part_revision')).toEqual(before);
    // Kept: no new draft, and the release goes through.
    await releaseRevision(ctx, leaf.part.id, draft.revision.id, parseRelease({ part_ancestors: [{ id: String(middle.part.id), action: 'keep' }] }));
    expect((await revisionsOf(middle.part.id)).map((r) => r.revision.status)).toEqual(['Active']);
    expect((await revisionsOf(leaf.part.id)).map((r) => [r.revision.revision_name, r.revision.status])).toEqual([['A', 'Obsolete'], ['B', 'Active']]);
  });

  it('with the guard lifted, gives each ancestor a new draft copied from its current revision, pointing at the release', async () => {
    const { ctx, middle, leaf, revisionsOf, linesOf } = await setUp();
    for (const part of [leaf, middle]) await releaseRevision(ctx, part.part.id, first(part), parseRelease({}));
    const draft = await createRevision(ctx, leaf.part.id, parseCreateRevision({ id: String(first(leaf)) }, { revision_name: 'B' }));
    await releaseRevision(ctx, leaf.part.id, draft.revision.id, parseRelease({}, 'true'));
    const middleRevisions = await revisionsOf(middle.part.id);
    expect(middleRevisions.map((r) => [r.revision.revision_name, r.revision.status])).toEqual([['A', 'Active'], ['B', 'Draft']]);
    expect(middleRevisions[1]!.attributes.map((a) => [a.name, a.value])).toEqual([['x_package', '0402']]);
    const newLines = await linesOf(middleRevisions[1]!.revision.id);
    expect(newLines.map((line) => [line.subpart_id, line.subpart_part_revision_id, line.quantity, line.position])).toEqual([
      [leaf.part.id, draft.revision.id, '3.0', 1],
    ]);
    // The released revision's own bill is untouched.
    expect((await linesOf(first(middle))).map((line) => line.subpart_part_revision_id)).toEqual([first(leaf)]);
  });

  it('refuses listed units (none are kept yet) and parts that are no ancestors (400), changing nothing', async () => {
    const { ctx, top, leaf } = await setUp();
    const before = await ctx.store.rows('part_revision');
    await expect(releaseRevision(ctx, leaf.part.id, first(leaf), parseRelease({ inventory_units: [{ id: '5', action: 'keep' }] }))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Inventory unit 5 is not a unit of this part'],
    });
    await expect(releaseRevision(ctx, leaf.part.id, first(leaf), parseRelease({ part_ancestors: [{ id: String(top.part.id), action: 'up' }] }))).rejects.toMatchObject({
      code: 'invalid',
      messages: [`Part ${top.part.id} is not a part ancestor of this part`],
    });
    expect(() => parseRelease({ part_ancestors: [{ id: '1', action: 'sideways' }] })).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ['Part ancestors action must be one of: up, keep'] }),
    );
    expect(await ctx.store.rows('part_revision')).toEqual(before);
  });
});

describe('releaseRevision and loops', () => {
  /**
   * A: revision A (no lines, obsolete), B (active, lists P's revision A). P: revision A (active) and
   * a draft B listing A's revision A. Released, P's B would be what A's bills point at.
   */
  async function loopSetUp() {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const [a, p] = [await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'A' }))), await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'P' })))];
    for (const part of [a, p]) await releaseRevision(ctx, part.part.id, first(part), parseRelease({}));
    const a2 = await createRevision(ctx, a.part.id, parseCreateRevision({ id: String(first(a)) }, {}));
    await addSubpart(ctx, parseSubpart({ part_revision_id: String(a2.revision.id), partnumber: 'P', quantity: '1' }));
    await releaseRevision(ctx, a.part.id, a2.revision.id, parseRelease({}));
    const pDraft = await createRevision(ctx, p.part.id, parseCreateRevision({ id: String(first(p)) }, {}));
    await addSubpart(ctx, parseSubpart({ part_revision_id: String(pDraft.revision.id), subpart_part_revision_id: String(first(a)), quantity: '1' }));
    const everything = async () => ({ revisions: await ctx.store.rows('part_revision'), lines: await ctx.store.rows('subpart'), parts: await ctx.store.rows('part') });
    return { ctx, a, a2: a2.revision.id, p, pDraft: pDraft.revision.id, everything };
  }

  it('refuses a release that re-points an ancestor\'s draft into holding its own part, changing nothing', async () => {
    const { ctx, a, a2, p, pDraft, everything } = await loopSetUp();
    await createRevision(ctx, a.part.id, parseCreateRevision({ id: String(a2) }, {}));
    const before = await everything();
    await expect(releaseRevision(ctx, p.part.id, pDraft, parseRelease({}))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['A part cannot contain itself: A > P > A'],
    });
    expect(await everything()).toEqual(before);
  });

  it('refuses a release with the guard lifted whose new ancestor draft would hold its own part, changing nothing', async () => {
    const { ctx, a, p, pDraft, everything } = await loopSetUp();
    const before = await everything();
    await expect(releaseRevision(ctx, p.part.id, pDraft, parseRelease({}, 'true'))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['A part cannot contain itself: A > P > A'],
    });
    expect(await everything()).toEqual(before);
    const locks = ctx.store.namedLocks.length;
    // Kept, A is not brought up, and nothing holds itself.
    await releaseRevision(ctx, p.part.id, pDraft, parseRelease({ part_ancestors: [{ id: String(a.part.id), action: 'keep' }] }, 'true'));
    expect(ctx.store.namedLocks.length).toBe(locks);
  });
});

describe('createRevision and deleteRevision', () => {
  it('copy the source with its bill (or without), one draft at a time, and delete drafts only', async () => {
    const { ctx, middle, leaf, linesOf, revisionsOf } = await setUp();
    await expect(createRevision(ctx, middle.part.id, parseCreateRevision({ id: String(first(middle)) }, {}))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: [`Part MID already has a draft revision: A (id ${first(middle)}); release or delete it first`],
    });
    await releaseRevision(ctx, leaf.part.id, first(leaf), parseRelease({}));
    await releaseRevision(ctx, middle.part.id, first(middle), parseRelease({}));
    const copied = await createRevision(ctx, middle.part.id, parseCreateRevision({ id: String(first(middle)) }, {}));
    expect(copied.revision).toMatchObject({ revision_name: 'B', status: 'Draft', creator_id: ctx.actor.tokenId, released_at: null });
    expect(copied.subparts.map((line) => [line.subpart_id, line.position])).toEqual([[leaf.part.id, 1]]);
    await expect(deleteRevision(ctx, middle.part.id, first(middle))).rejects.toMatchObject({
      messages: ['Only a draft revision can be deleted: revision A is Active'],
    });
    await deleteRevision(ctx, middle.part.id, copied.revision.id);
    expect(await linesOf(copied.revision.id)).toEqual([]);
    const bare = await createRevision(ctx, middle.part.id, parseCreateRevision({ id: String(first(middle)), copy_subparts: 'false' }, { revision_name: 'C' }));
    expect(bare.subparts).toEqual([]);
    expect((await revisionsOf(middle.part.id)).map((r) => r.revision.revision_name)).toEqual(['A', 'C']);
  });

  it('refuse to copy a bill that holds its own part, as data written before loops were refused may', async () => {
    const { ctx, middle, leaf, linesOf, revisionsOf } = await setUp();
    for (const part of [leaf, middle]) await releaseRevision(ctx, part.part.id, first(part), parseRelease({}));
    // LEAF's released revision lists MID's, written past the checks.
    const [line] = await linesOf(first(middle));
    await ctx.store.transactionBeside((tx) =>
      tx.repo('subpart').insert({ ...line!, id: undefined, part_id: leaf.part.id, part_revision_id: first(leaf), subpart_id: middle.part.id, subpart_part_revision_id: first(middle) } as never),
    );
    const before = await ctx.store.rows('part_revision');
    await expect(createRevision(ctx, middle.part.id, parseCreateRevision({ id: String(first(middle)) }, {}))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['A part cannot contain itself: MID > LEAF > MID'],
    });
    expect(await ctx.store.rows('part_revision')).toEqual(before);
    // Without its bill, the copy holds nothing to refuse.
    await createRevision(ctx, middle.part.id, parseCreateRevision({ id: String(first(middle)), copy_subparts: 'false' }, {}));
    expect((await revisionsOf(middle.part.id)).map((r) => r.revision.status)).toEqual(['Active', 'Draft']);
  });

  it('refuse a missing, foreign or bad source, a bad flag, a taken name, and the last revision', async () => {
    const { ctx, top, leaf } = await setUp();
    await releaseRevision(ctx, leaf.part.id, first(leaf), parseRelease({}));
    expect(() => parseCreateRevision({}, {})).toThrow(expect.objectContaining({ code: 'bad_request', messages: ['param is missing or the value is empty: id'] }));
    await expect(createRevision(ctx, leaf.part.id, parseCreateRevision({ id: String(first(top)) }, {}))).rejects.toMatchObject({ code: 'not_found' });
    expect(() => parseCreateRevision({ id: 'x' }, {})).toThrow(expect.objectContaining({ code: 'not_found', messages: ["Couldn't find PartRevision with 'id'=x"] }));
    expect(() => parseCreateRevision({ id: String(first(leaf)), copy_subparts: 'maybe' }, {})).toThrow(expect.objectContaining({ code: 'bad_request' }));
    await expect(createRevision(ctx, leaf.part.id, parseCreateRevision({ id: String(first(leaf)) }, { revision_name: 'A' }))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Revision name has already been taken'],
    });
    await expect(deleteRevision(ctx, top.part.id, first(top))).rejects.toMatchObject({ messages: ['The last revision of a part cannot be deleted'] });
  });
});
