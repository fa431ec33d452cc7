import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeContext } from '../../test';
import { createPart } from '../../views/part-writes';
import { parseCreatePart } from '../../parts/create-part/create-part-input';
import { showPart } from '../../views/show-part/show-part';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import type { PartView } from '../../views/part-view';
import { listPartAncestors, listRevisions, showRevision } from './read-revisions';

const at = new Date('2026-01-02T03:04:05Z');

/** A line on `parent`'s revision `revisionId` listing `child` (its active revision). */
async function addLine(ctx: FakeContext, parent: PartView, revisionId: number, child: PartView, position: number, quantity = '2') {
  return ctx.store.transaction((tx) =>
    tx.repo('subpart').insert({
      part_id: parent.part.id,
      part_revision_id: revisionId,
      subpart_id: child.part.id,
      subpart_part_revision_id: child.revision.revision.id,
      quantity,
      build_sequence: null,
      designator: `R${position}`,
      no_load: false,
      comment: null,
      position,
      created_at: at,
      updated_at: at,
    }),
  );
}

/** Two assemblies listing one child; the second's line sits on a revision that is not its current one. */
async function setUp() {
  const ctx = fakeContext();
  const setting = await partSetting(ctx);
  const child = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'CHILD' })));
  const other = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'OTHER' })));
  const assembly = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'ASSY' })));
  const stale = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'STALE' })));
  const assemblyRevision = assembly.revision.revision.id;
  // Added out of order: the bill reads by position.
  await addLine(ctx, assembly, assemblyRevision, other, 2, '1.5');
  await addLine(ctx, assembly, assemblyRevision, child, 1);
  const staleRevision = await ctx.store.transaction((tx) =>
    tx.repo('part_revision').insert({
      part_id: stale.part.id,
      revision_name: 'OLD',
      revision_description: null,
      creator_id: null,
      released_at: null,
      releasor_id: null,
      comment: null,
      description: null,
      rohs: null,
      status: 'Obsolete',
      created_at: at,
      updated_at: at,
    }),
  );
  await addLine(ctx, stale, staleRevision.id, child, 1);
  return { ctx, child, other, assembly, stale, staleRevision };
}

describe('revision reads', () => {
  it('lists a part\'s revisions oldest first, with their attributes', async () => {
    const { ctx, stale, staleRevision } = await setUp();
    const revisions = await listRevisions(ctx, stale.part.id);
    expect(revisions.map((r) => r.revision.id)).toEqual([stale.revision.revision.id, staleRevision.id]);
    expect(revisions[0]!.attributes).toEqual(stale.revision.attributes);
  });

  it('shows a revision with its part and its bill in position order', async () => {
    const { ctx, assembly, child, other } = await setUp();
    const shown = await showRevision(ctx, assembly.part.id, assembly.revision.revision.id);
    expect(shown.part.id).toBe(assembly.part.id);
    expect(shown.subparts.map((line) => [line.position, line.subpart_id, line.quantity])).toEqual([
      [1, child.part.id, '2'],
      [2, other.part.id, '1.5'],
    ]);
  });

  it('answers 404 for a missing part, and for a revision that is not the part\'s', async () => {
    const { ctx, assembly, child } = await setUp();
    await expect(showRevision(ctx, 999, assembly.revision.revision.id)).rejects.toMatchObject({
      code: 'not_found',
      messages: ["Couldn't find Part with 'id'=999"],
    });
    const foreign = child.revision.revision.id;
    for (const read of [() => showRevision(ctx, assembly.part.id, foreign), () => listPartAncestors(ctx, assembly.part.id, foreign)]) {
      await expect(read()).rejects.toMatchObject({ code: 'not_found', messages: [`Couldn't find PartRevision with 'id'=${foreign}`] });
    }
    await expect(listRevisions(ctx, 999)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('names as ancestors only the parts whose current revision lists the part', async () => {
    const { ctx, child, assembly } = await setUp();
    expect(await listPartAncestors(ctx, child.part.id, child.revision.revision.id)).toEqual([
      { id: assembly.part.id, partnumber: 'ASSY', manufacturer_pn: assembly.part.manufacturer_pn },
    ]);
    expect(await listPartAncestors(ctx, assembly.part.id, assembly.revision.revision.id)).toEqual([]);
  });

  it('fills part show: the shown revision\'s bill, and the lines listing the part on current revisions', async () => {
    const { ctx, child, assembly } = await setUp();
    const shownAssembly = await showPart(ctx, { id: assembly.part.id });
    expect(shownAssembly.subparts.map((line) => line.position)).toEqual([1, 2]);
    expect(shownAssembly.partlistParts).toEqual([]);
    const shownChild = await showPart(ctx, { id: child.part.id });
    expect(shownChild.subparts).toEqual([]);
    expect(shownChild.partlistParts.map((line) => [line.part_id, line.part_revision_id])).toEqual([
      [assembly.part.id, assembly.revision.revision.id],
    ]);
  });
});
