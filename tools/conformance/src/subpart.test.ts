import { describe, expect, it } from 'vitest';
import { del, formBody, get, post, put, unique, xmlBody } from './client';
import {
  expectEmpty,
  expectErrors,
  expectForbidden,
  expectList,
  expectNestedArray,
  expectNotFound,
  expectRecord,
  idOf,
  UNKNOWN_ID,
  type Rec,
} from './expect-xml';
import { createPart, partSetting, type PartSetting } from './part-fixtures';
import { partForms } from './part-forms';
import type { Target } from './targets';
import { targets } from './suite';

const revisionOf = (part: Rec) => (part.revision as Rec).id as string;

/** The bill of `part`'s first revision, as its revision show lists it. */
async function billOf(target: Target, part: Rec): Promise<Rec[]> {
  const reply = await get(target, `/parts/${idOf(part)}/revisions/${revisionOf(part)}`);
  expectRecord(reply, 'part_revision', [...partForms.revision(), 'part', 'subparts']);
  return expectNestedArray(reply, 'subparts', 'subpart', partForms.subpart);
}

/** Adds `child` to `assembly`'s draft through POST subpart; returns the answered subpart. */
async function addLine(target: Target, assembly: Rec, child: Rec, fields: Record<string, string> = {}): Promise<Rec> {
  const body = xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity: '2', ...fields });
  return expectRecord(await post(target, '/subpart', { body }), 'subpart', partForms.subpartResponse);
}

describe.each(targets())('subparts on $name', (target) => {
  let setting: PartSetting;
  const part = async () => createPart(target, setting, { partnumber: unique('BOM') });

  it('adds a line to a draft bill and every view shows it: revision, part, where-used', async () => {
    setting = await partSetting(target);
    const [assembly, child] = [await part(), await part()];
    const line = await addLine(target, assembly, child, { designator: 'R1 & R2', no_load: '1', build_sequence: '3' });
    expect(line).toMatchObject({ subpart_id: String(idOf(child)), quantity: '2.0', designator: 'R1 & R2', no_load: 'true', build_sequence: '3', comment: null });
    expect(await billOf(target, assembly)).toEqual([
      { ...line, part_id: String(idOf(assembly)), part_revision_id: revisionOf(assembly), position: '1' },
    ]);
    const assemblyShow = await get(target, `/part/${idOf(assembly)}`);
    expect(expectNestedArray(assemblyShow, 'subparts', 'subpart', partForms.subpart).map((l) => l.id)).toEqual([line.id]);
    const childShow = await get(target, `/part/${idOf(child)}`);
    expect(expectNestedArray(childShow, 'partlist_parts', 'partlist_part', partForms.partlistPart)).toEqual([
      { part_id: String(idOf(assembly)), part_revision_id: revisionOf(assembly), quantity: '2.0', comment: null, no_load: 'true' },
    ]);
    const ancestors = await get(target, `/parts/${idOf(child)}/revisions/${revisionOf(child)}/part_ancestors`);
    expect(expectList(ancestors, 'part_ancestors', 'part', partForms.ancestor)).toEqual([
      { id: String(idOf(assembly)), partnumber: assembly.partnumber, manufacturer_pn: assembly.manufacturer_pn },
    ]);
  });

  it('numbers lines in the order added, names the child by its revision, reads form bodies', async () => {
    setting = await partSetting(target);
    const [assembly, one, two] = [await part(), await part(), await part()];
    await addLine(target, assembly, one);
    const form = formBody('subpart', { part_revision_id: revisionOf(assembly), subpart_part_revision_id: revisionOf(two), quantity: '0', no_load: '0' });
    const second = expectRecord(await post(target, '/subpart', { form }), 'subpart', partForms.subpartResponse);
    expect(second).toMatchObject({ subpart_id: String(idOf(two)), quantity: '0.0', no_load: 'false' });
    expect((await billOf(target, assembly)).map((l) => [l.subpart_id, l.position])).toEqual([
      [String(idOf(one)), '1'],
      [String(idOf(two)), '2'],
    ]);
  });

  it('changes a line, re-points it with part_id, and removes it', async () => {
    setting = await partSetting(target);
    const [assembly, one, two] = [await part(), await part(), await part()];
    const line = await addLine(target, assembly, one);
    const changed = expectRecord(await put(target, `/subpart/${line.id}`, { body: xmlBody('subpart', { quantity: '7.25', comment: 'hand fit' }) }), 'subpart', partForms.subpartResponse);
    expect(changed).toMatchObject({ id: line.id, quantity: '7.25', comment: 'hand fit', subpart_id: String(idOf(one)) });
    const repointed = expectRecord(await put(target, `/subpart/${line.id}`, { body: xmlBody('subpart', { part_id: idOf(two) }) }), 'subpart', partForms.subpartResponse);
    expect(repointed).toMatchObject({ subpart_id: String(idOf(two)), quantity: '7.25' });
    expect((await billOf(target, assembly))[0]).toMatchObject({ subpart_id: String(idOf(two)), position: '1' });
    expectEmpty(await del(target, `/subpart/${line.id}`));
    expect(await billOf(target, assembly)).toEqual([]);
    expectNotFound(await del(target, `/subpart/${line.id}`), 'Subpart', String(line.id));
    expectNotFound(await put(target, `/subpart/${UNKNOWN_ID}`, { body: xmlBody('subpart', { quantity: '1' }) }), 'Subpart', UNKNOWN_ID);
  });

  it('refuses bad input with 400 and SPEC 7\'s messages, changing nothing', async () => {
    setting = await partSetting(target);
    const [assembly, child] = [await part(), await part()];
    const kept = await addLine(target, assembly, child);
    const before = await billOf(target, assembly);
    const send = (fields: Record<string, string | number>) => post(target, '/subpart', { body: xmlBody('subpart', { part_id: idOf(assembly), ...fields }) });
    expectErrors(await send({ partnumber: child.partnumber as string, quantity: '-1' }), 400, ['Quantity must be nonnegative.']);
    expectErrors(await send({ partnumber: unique('none'), quantity: '1' }), 400, ['You must specify a valid subpart.']);
    expectErrors(await send({ quantity: '1' }), 400, ['You must specify a valid subpart.']);
    expectErrors(await send({ subpart_part_revision_id: UNKNOWN_ID, quantity: '1' }), 400, ['Must belong to a valid subpart part revision.']);
    expectErrors(await send({ partnumber: child.partnumber as string }), 400, ["Quantity can't be blank"]);
    expectErrors(await put(target, `/subpart/${kept.id}`, { body: xmlBody('subpart', { quantity: '-2' }) }), 400, ['Quantity must be nonnegative.']);
    expect(await billOf(target, assembly)).toEqual(before);
  });

  it('refuses a part that would contain itself, naming the path (422), changing nothing', async () => {
    setting = await partSetting(target);
    const [top, middle, bottom] = [await part(), await part(), await part()];
    await addLine(target, top, middle);
    await addLine(target, middle, bottom);
    const loop = (assembly: Rec, child: Rec) => post(target, '/subpart', { body: xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity: '1' }) });
    expectErrors(await loop(top, top), 422, [`A part cannot contain itself: ${top.partnumber} > ${top.partnumber}`]);
    expectErrors(await loop(bottom, top), 422, [`A part cannot contain itself: ${bottom.partnumber} > ${top.partnumber} > ${middle.partnumber} > ${bottom.partnumber}`]);
    expect(await billOf(target, bottom)).toEqual([]);
    expect((await billOf(target, top)).length).toBe(1);
  });

  it('needs create_draft_revisions to add a line (403), changing nothing; a valid token changes or removes one', async () => {
    setting = await partSetting(target);
    const [assembly, child] = [await part(), await part()];
    const line = await addLine(target, assembly, child);
    const token = target.tokens.none;
    const body = xmlBody('subpart', { part_id: idOf(assembly), partnumber: child.partnumber as string, quantity: '1' });
    expectForbidden(await post(target, '/subpart', { body, token }), 'Can create draft part revisions');
    expect((await billOf(target, assembly)).map((l) => [l.id, l.quantity])).toEqual([[line.id, '2.0']]);
    expectRecord(await put(target, `/subpart/${line.id}`, { body: xmlBody('subpart', { quantity: '9' }), token }), 'subpart', partForms.subpartResponse);
    expect((await billOf(target, assembly)).map((l) => [l.id, l.quantity])).toEqual([[line.id, '9.0']]);
    expectEmpty(await del(target, `/subpart/${line.id}`, { token }));
    expect(await billOf(target, assembly)).toEqual([]);
  });
});
