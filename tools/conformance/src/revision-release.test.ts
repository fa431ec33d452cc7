import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  TS_SPACE,
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectForbidden,
  expectList,
  expectMessage,
  expectNestedArray,
  expectNotFound,
  expectRecord,
  expectStatus,
  idOf,
  type Rec,
} from './expect-xml';
import { createPart, partSetting, readPart, revisionXml } from './part-fixtures';
import { partForms } from './part-forms';
import type { Target } from './targets';
import { targets } from './suite';

/** A part's revisions as its list answers them. */
async function revisions(target: Target, part: Rec): Promise<Rec[]> {
  return expectList(await get(target, `/parts/${idOf(part)}/revisions`), 'part_revisions', 'part_revision', partForms.revision());
}

/** [name, status] of each revision, oldest first. */
async function states(target: Target, part: Rec): Promise<string[][]> {
  return (await revisions(target, part)).map((r) => [r.revision_name as string, r.status as string]);
}

/** A revision's bill, as its show lists it. */
async function bill(target: Target, part: Rec, revisionId: string): Promise<Rec[]> {
  const reply = await get(target, `/parts/${idOf(part)}/revisions/${revisionId}`);
  expectRecord(reply, 'part_revision', [...partForms.revision(), 'part', 'subparts']);
  return expectNestedArray(reply, 'subparts', 'subpart', partForms.subpart);
}

const release = (target: Target, part: Rec, revisionId: string, query = '', body?: string) =>
  post(target, `/parts/${idOf(part)}/revisions/${revisionId}/release`, { query, ...(body !== undefined && { body }) });

describe.each(targets())('revisions: create, release, delete on $name', (target) => {
  it('releases an assembly three levels deep bottom-up, then up-revises its ancestors behind the guard', async () => {
    const setting = await partSetting(target);
    const make = async (name: string) => createPart(target, setting, { partnumber: unique(name) }, { revision_name: 'A' });
    const [top, middle, leaf] = [await make('TOP'), await make('MID'), await make('LEAF')];
    const add = (assembly: Rec, child: Rec, quantity: string) =>
      post(target, '/subpart', { body: xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity }) });
    expectRecord(await add(top, middle, '2'), 'subpart', partForms.subpartResponse);
    expectRecord(await add(middle, leaf, '3'), 'subpart', partForms.subpartResponse);
    const firstOf = async (part: Rec) => (await revisions(target, part))[0]!.id as string;

    // Bottom-up: each release finds its ancestor still a draft, so there is nothing to guard.
    for (const part of [leaf, middle, top]) {
      expectEmpty(await release(target, part, await firstOf(part)));
      const [released] = await revisions(target, part);
      expect(released).toMatchObject({ status: 'Active', releasor_id: expect.stringMatching(/^\d+$/) });
      expect(released!.released_at).toMatch(TS_SPACE);
    }
    expectErrors(await release(target, leaf, await firstOf(leaf)), 422, ['Only a draft revision can be released: revision A is Active']);

    // A change to the leaf: a new draft B, refused at release while it would up-revise MID.
    const leafA = await firstOf(leaf);
    const created = expectRecord(
      await post(target, `/parts/${idOf(leaf)}/revisions`, { query: `id=${leafA}`, body: xmlBody('part_revision', { revision_description: 'new resistor' }) }),
      'part_revision',
      [...partForms.revision(), 'part', 'subparts'],
    );
    expect(created).toMatchObject({ revision_name: 'B', status: 'Draft', revision_description: 'new resistor', released_at: null });
    const leafB = created.id as string;
    expectErrors(await post(target, `/parts/${idOf(leaf)}/revisions`, { query: `id=${leafA}` }), 422, [
      `Part ${leaf.partnumber} already has a draft revision: B (id ${leafB}); release or delete it first`,
    ]);
    const guarded = `Releasing this revision would up-revise ${middle.partnumber}: list them with action keep, or send bypass_part_ancestor_up_rev_guard=true`;
    expectErrors(await release(target, leaf, leafB), 422, [guarded]);
    expectErrors(await release(target, leaf, leafB, 'bypass_part_ancestor_up_rev_guard=yes'), 422, [guarded]);
    expect(await states(target, leaf)).toEqual([['A', 'Active'], ['B', 'Draft']]);
    expect(await states(target, middle)).toEqual([['A', 'Active']]);

    // Lifted: B is released, A obsolete, and MID gets a draft whose line uses B; TOP is untouched.
    expectEmpty(await release(target, leaf, leafB, 'bypass_part_ancestor_up_rev_guard=true'));
    expect(await states(target, leaf)).toEqual([['A', 'Obsolete'], ['B', 'Active']]);
    expect(await states(target, middle)).toEqual([['A', 'Active'], ['B', 'Draft']]);
    expect(await states(target, top)).toEqual([['A', 'Active']]);
    const [middleA, middleB] = (await revisions(target, middle)).map((r) => r.id as string);
    expect((await bill(target, middle, middleB!)).map((l) => [l.subpart_id, l.quantity, l.position])).toEqual([[String(idOf(leaf)), '3.0', '1']]);
    expect((await bill(target, middle, middleA!)).map((l) => l.subpart_id)).toEqual([String(idOf(leaf))]);
    const shownLeaf = await get(target, `/part/${idOf(leaf)}`);
    expect(expectNestedArray(shownLeaf, 'partlist_parts', 'partlist_part', partForms.partlistPart).map((l) => l.part_revision_id)).toEqual([middleA]);

    // MID's draft released with the guard lifted up-revises TOP in turn; TOP's draft keeps its quantity.
    expectEmpty(await release(target, middle, middleB!, 'bypass_part_ancestor_up_rev_guard=true'));
    expect(await states(target, top)).toEqual([['A', 'Active'], ['B', 'Draft']]);
    const topB = (await revisions(target, top))[1]!.id as string;
    expect((await bill(target, top, topB)).map((l) => [l.subpart_id, l.quantity])).toEqual([[String(idOf(middle)), '2.0']]);
    expectEmpty(await release(target, top, topB));
    expect(await states(target, top)).toEqual([['A', 'Obsolete'], ['B', 'Active']]);

    // A released bill is closed to changes.
    expectErrors(await post(target, '/subpart', { body: xmlBody('subpart', { part_revision_id: topB, partnumber: leaf.partnumber as string, quantity: '1' }) }), 422, [
      'Subparts can be changed only on a draft revision: revision B is Active',
    ]);
  });

  it('keeps an ancestor listed with keep, and refuses units and strangers (400), changing nothing', async () => {
    const setting = await partSetting(target);
    const [top, leaf, other] = [await createPart(target, setting), await createPart(target, setting), await createPart(target, setting)];
    expectRecord(await post(target, '/subpart', { body: xmlBody('subpart', { part_id: idOf(top), partnumber: leaf.partnumber as string, quantity: '1' }) }), 'subpart', partForms.subpartResponse);
    const leafA = (leaf.revision as Rec).id as string;
    const topA = (top.revision as Rec).id as string;
    for (const part of [leaf, top]) expectEmpty(await release(target, part, (part.revision as Rec).id as string));
    const leafB = expectRecord(await post(target, `/parts/${idOf(leaf)}/revisions`, { query: `id=${leafA}` }), 'part_revision', [...partForms.revision(), 'part', 'subparts']).id as string;
    // Units exist now (those of other parts: inventory-release.test.ts): an id beyond them names none.
    const units = `<inventory_units type="array"><inventory_unit><id>${UNKNOWN_ID}</id><action>dispose</action></inventory_unit></inventory_units>`;
    expectErrors(await release(target, leaf, leafB, '', `<part_revision>${units}</part_revision>`), 400, [`Inventory unit ${UNKNOWN_ID} is not a unit of this part`]);
    const stranger = `<part_ancestors type="array"><part_ancestor><id>${idOf(other)}</id><action>keep</action></part_ancestor></part_ancestors>`;
    expectErrors(await release(target, leaf, leafB, '', `<part_revision>${stranger}</part_revision>`), 400, [`Part ${idOf(other)} is not a part ancestor of this part`]);
    expect(await states(target, leaf)).toEqual([['A', 'Active'], ['B', 'Draft']]);
    const keep = `<part_ancestors type="array"><part_ancestor><id>${idOf(top)}</id><action>keep</action></part_ancestor></part_ancestors>`;
    expectEmpty(await release(target, leaf, leafB, '', `<part_revision><revision_name>B1</revision_name>${keep}</part_revision>`));
    expect(await states(target, leaf)).toEqual([['A', 'Obsolete'], ['B1', 'Active']]);
    expect(await states(target, top)).toEqual([['A', 'Active']]);
    expect((await bill(target, top, topA)).map((l) => l.subpart_id)).toEqual([String(idOf(leaf))]);
  });

  it('needs edit_released_revisions to change a released revision through part update (403), not a draft', async () => {
    const setting = await partSetting(target);
    const part = await createPart(target, setting);
    const first = (part.revision as Rec).id as string;
    const described = (description: string) => xmlBody('part', {}, revisionXml({ description }));
    const token = target.tokens.none;
    expectStatus(await put(target, `/part/${idOf(part)}`, { body: described('draft text'), token }), 200);
    expectEmpty(await release(target, part, first));
    expectForbidden(await put(target, `/part/${idOf(part)}`, { body: described('changed after release'), token }), 'Can edit released part revisions');
    expect((await readPart(target, idOf(part))).revision).toMatchObject({ description: 'draft text', status: 'Active' });
    // The part's own fields are not the revision's: a valid token changes them.
    expectStatus(await put(target, `/part/${idOf(part)}`, { body: xmlBody('part', { value_text: '4k7' }), token }), 200);
    expectStatus(await put(target, `/part/${idOf(part)}`, { body: described('changed after release') }), 200);
    expect((await readPart(target, idOf(part))).revision).toMatchObject({ description: 'changed after release' });
  });

  it('deletes drafts only, never the last revision, and answers 404s', async () => {
    const setting = await partSetting(target);
    const part = await createPart(target, setting);
    const first = (part.revision as Rec).id as string;
    expectErrors(await del(target, `/parts/${idOf(part)}/revisions/${first}`), 422, ['The last revision of a part cannot be deleted']);
    expectEmpty(await release(target, part, first));
    expectErrors(await del(target, `/parts/${idOf(part)}/revisions/${first}`), 422, ['Only a draft revision can be deleted: revision A is Active']);
    const draft = expectRecord(await post(target, `/parts/${idOf(part)}/revisions`, { query: `id=${first}&copy_subparts=false`, body: xmlBody('part_revision', { revision_name: 'X9' }) }), 'part_revision', [...partForms.revision(), 'part', 'subparts']);
    expectEmpty(await del(target, `/parts/${idOf(part)}/revisions/${draft.id}`));
    expect(await states(target, part)).toEqual([['A', 'Active']]);
    expectNotFound(await del(target, `/parts/${idOf(part)}/revisions/${draft.id}`), 'PartRevision', String(draft.id));
    expectNotFound(await release(target, part, '999999999'), 'PartRevision', '999999999');
    expectMessage(await post(target, `/parts/${idOf(part)}/revisions`), 400, 'param is missing or the value is empty: id');
    expectNotFound(await post(target, `/parts/${idOf(part)}/revisions`, { query: 'id=999999999' }), 'PartRevision', '999999999');
    expectErrors(await post(target, `/parts/${idOf(part)}/revisions`, { query: `id=${first}`, body: xmlBody('part_revision', { revision_name: 'A' }) }), 400, ['Revision name has already been taken']);
    expect(await states(target, part)).toEqual([['A', 'Active']]);
  });
});
