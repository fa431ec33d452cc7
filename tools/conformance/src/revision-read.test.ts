import { describe, expect, it } from 'vitest';
import { get } from './client';
import { TS_SPACE, expectList, expectNestedArray, expectNotFound, expectRecord, idOf, type Rec } from './expect-xml';
import { childOf, createPart, partSetting, readPart } from './part-fixtures';
import { partForms } from './part-forms';
import { childNames } from './outline';
import { targets } from './suite';

describe.each(targets())('part revisions, reading, on $name', (target) => {
  it('lists a new part\'s one revision in the scalar form, a draft', async () => {
    const part = await createPart(target, await partSetting(target), {}, { revision_name: 'A', x_package: '0603' });
    const revisions = expectList(await get(target, `/parts/${idOf(part)}/revisions`), 'part_revisions', 'part_revision', [
      ...partForms.revision('x_package'),
    ]);
    expect(revisions).toEqual([part.revision]);
    expect(revisions[0]).toMatchObject({ revision_name: 'A', status: 'Draft', x_package: '0603' });
  });

  it('shows a revision with the part summary and its (empty) bill', async () => {
    const part = await createPart(target, await partSetting(target));
    const revision = part.revision as Rec;
    const reply = await get(target, `/parts/${idOf(part)}/revisions/${revision.id}`);
    const shown = expectRecord(reply, 'part_revision', [...partForms.revision(), 'part', 'subparts']);
    const scalars = Object.fromEntries(Object.entries(shown).filter(([field]) => field !== 'part' && field !== 'subparts'));
    expect(scalars).toEqual(revision);
    const summary = shown.part as Rec;
    expect(childNames(childOf(reply, 'part'))).toEqual(partForms.partInRevision);
    const full = await readPart(target, idOf(part));
    expect(summary).toEqual(Object.fromEntries(partForms.partInRevision.map((field) => [field, full[field]])));
    expect(summary.created_on).toMatch(TS_SPACE);
    expect(expectNestedArray(reply, 'subparts', 'subpart', partForms.subpart)).toEqual([]);
  });

  it('lists no ancestors for a part no bill lists', async () => {
    const part = await createPart(target, await partSetting(target));
    const reply = await get(target, `/parts/${idOf(part)}/revisions/${(part.revision as Rec).id}/part_ancestors`);
    expect(expectList(reply, 'part_ancestors', 'part', partForms.ancestor)).toEqual([]);
  });

  it('answers 404 for an unknown part, another part\'s revision, or ids that are no ids', async () => {
    const setting = await partSetting(target);
    const part = idOf(await createPart(target, setting));
    const other = await createPart(target, setting);
    const foreign = String((other.revision as Rec).id);
    expectNotFound(await get(target, '/parts/999999999/revisions'), 'Part', '999999999');
    expectNotFound(await get(target, '/parts/abc/revisions'), 'Part', 'abc');
    for (const path of [`/parts/${part}/revisions/${foreign}`, `/parts/${part}/revisions/${foreign}/part_ancestors`]) {
      expectNotFound(await get(target, path), 'PartRevision', foreign);
    }
    expectNotFound(await get(target, `/parts/${part}/revisions/x1`), 'PartRevision', 'x1');
  });
});
