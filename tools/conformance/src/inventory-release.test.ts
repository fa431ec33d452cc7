import { describe, expect, it } from 'vitest';
import { get, post, xmlBody, xmlFields, type XmlValue } from './client';
import { UNKNOWN_ID, expectEmpty, expectErrors, expectList, expectStatus, idOf, type Rec } from './expect-xml';
import { addUnit, expectUnchanged, listingOf, netChange, recordExpected, recordsOf, showUnit, snapshot, stockSetting, type Stock } from './inventory-fixtures';
import { partForms } from './part-forms';
import { targets } from './suite';

/** `<part_revision><inventory_units type="array">…</inventory_units></part_revision>`. */
function releaseBody(units: ReadonlyArray<Record<string, XmlValue>>): string {
  const items = units.map((unit) => `<inventory_unit>${xmlFields(unit)}</inventory_unit>`).join('');
  return `<part_revision><inventory_units type="array">${items}</inventory_units></part_revision>`;
}

/** POST release of the stock part's revision (its first unless told). */
const release = (stock: Stock, body: string, revisionId = (stock.part.revision as Rec).id as string, query?: string) =>
  post(stock.target, `/parts/${stock.partId}/revisions/${revisionId}/release`, { body, query });

/** [name, status] of the part's revisions (the stock's part unless told). */
async function states(stock: Stock, partId = stock.partId): Promise<string[][]> {
  const reply = await get(stock.target, `/parts/${partId}/revisions`);
  return expectList(reply, 'part_revisions', 'part_revision', partForms.revision()).map((r) => [r.revision_name as string, r.status as string]);
}

describe.each(targets())('release with inventory units on $name', (target) => {
  it('disposes the units listed dispose (quantity 0, a dispose record with the comment) and leaves keep and unlisted ones', async () => {
    const stock = await stockSetting(target);
    const other = await stock.addPart();
    const disposed = await addUnit(stock, { quantity: '5', lot_code: 'OLD-REV' });
    const silent = await addUnit(stock, { quantity: '1.5' });
    const kept = idOf(await addUnit(stock, { quantity: '3' }));
    const unlisted = idOf(await addUnit(stock, { quantity: '4' }));
    const stranger = idOf(await addUnit(stock, { quantity: '6' }, { partId: idOf(other) }));
    // The part's own listing changes with the disposed units: it is read whole below.
    const untouched = await snapshot(stock, [kept, unlisted, { partId: idOf(other), unitId: stranger }], [idOf(other)]);

    expectEmpty(
      await release(
        stock,
        releaseBody([
          { id: idOf(disposed), action: 'dispose', disposition_comment: 'obsolete with revision A' },
          { id: kept, action: 'keep' },
          { id: idOf(silent), action: 'dispose' },
        ]),
      ),
    );
    expect(await states(stock)).toEqual([['A', 'Active']]);
    for (const [unit, comment] of [[disposed, 'obsolete with revision A'], [silent, null]] as const) {
      const id = idOf(unit);
      const shown = await showUnit(target, stock.partId, id);
      expect(shown).toEqual({ ...unit, quantity: '0.0', quantity_available: '0.0', updated_at: shown.updated_at });
      const records = await recordsOf(target, stock.partId, id);
      expect(records).toHaveLength(2);
      expect(records[1]).toEqual(recordExpected(stock, id, { type: 'dispose', before: unit.quantity as string, after: '0.0', comment }));
      expect(netChange(records)).toBe(shown.quantity);
    }
    await expectUnchanged(stock, untouched);
    expect((await listingOf(target, stock.partId)).map((u) => u.quantity)).toEqual(['0.0', '0.0', '3.0', '4.0']);
  });

  it('refuses (400) a unit of another part or an unknown one, naming each, and disposes nothing', async () => {
    const stock = await stockSetting(target);
    const other = await stock.addPart();
    const ours = idOf(await addUnit(stock, { quantity: '5' }));
    const stranger = idOf(await addUnit(stock, { quantity: '6' }, { partId: idOf(other) }));
    const before = await snapshot(stock, [ours, { partId: idOf(other), unitId: stranger }]);
    expectErrors(
      await release(stock, releaseBody([{ id: ours, action: 'dispose' }, { id: stranger, action: 'dispose', disposition_comment: 'not mine' }])),
      400,
      [`Inventory unit ${stranger} is not a unit of this part`],
    );
    expect(await states(stock)).toEqual([['A', 'Draft']]);
    await expectUnchanged(stock, before);
    expectErrors(await release(stock, releaseBody([{ id: stranger, action: 'keep' }, { id: UNKNOWN_ID, action: 'dispose' }])), 400, [
      `Inventory unit ${stranger} is not a unit of this part`,
      `Inventory unit ${UNKNOWN_ID} is not a unit of this part`,
    ]);
    expect(await states(stock)).toEqual([['A', 'Draft']]);
    await expectUnchanged(stock, before);
    expectErrors(await release(stock, releaseBody([{ id: ours, action: 'scrap' }])), 400, [
      'Inventory units action must be one of: keep, dispose',
    ]);
    expect(await states(stock)).toEqual([['A', 'Draft']]);
    await expectUnchanged(stock, before);
  });

  // The listed units are checked before the ancestor guard: what is not there is a 400 whatever the state.
  it('reads the unit list sent in several wrappers as one list, each unit once; two different choices for one unit are refused', async () => {
    const stock = await stockSetting(target);
    const doomed = idOf(await addUnit(stock, { quantity: '5' }));
    const kept = idOf(await addUnit(stock, { quantity: '3' }));
    const before = await snapshot(stock, [doomed, kept]);
    const units = (typed: string, choices: ReadonlyArray<Record<string, XmlValue>>) =>
      `<inventory_units${typed}>${choices.map((unit) => `<inventory_unit>${xmlFields(unit)}</inventory_unit>`).join('')}</inventory_units>`;
    const conflicting = `<part_revision>${units('', [{ id: doomed, action: 'dispose' }])}${units('', [{ id: doomed, action: 'keep' }])}</part_revision>`;
    expectErrors(await release(stock, conflicting), 400, [`Inventory units id ${doomed} is listed twice with different values`]);
    expect(await states(stock)).toEqual([['A', 'Draft']]);
    await expectUnchanged(stock, before);

    const choices = [{ id: doomed, action: 'dispose', disposition_comment: 'scrap' }, { id: kept, action: 'keep' }];
    expectEmpty(await release(stock, `<part_revision>${units('', choices)}${units(' type="array"', choices)}${units('', choices)}</part_revision>`));
    expect(await states(stock)).toEqual([['A', 'Active']]);
    const records = await recordsOf(target, stock.partId, doomed);
    expect(records.map((record) => [record.record_type, record.quantity_after, record.comment])).toEqual([
      ['create', '5.0', null],
      ['dispose', '0.0', 'scrap'],
    ]);
    expect((await showUnit(target, stock.partId, kept)).quantity).toBe('3.0');
  });

  it('refuses a unit of another part with 400 also when the release would meet the ancestor guard', async () => {
    const stock = await stockSetting(target);
    const top = await stock.addPart();
    const line = { part_id: idOf(top), partnumber: stock.part.partnumber as string, quantity: '1' };
    expectStatus(await post(target, '/subpart', { body: xmlBody('subpart', line) }), 200);
    expectEmpty(await release(stock, ''));
    expectEmpty(await post(target, `/parts/${idOf(top)}/revisions/${(top.revision as Rec).id}/release`));
    const draft = await post(target, `/parts/${stock.partId}/revisions`, { query: `id=${(stock.part.revision as Rec).id}` });
    expectStatus(draft, 200);
    const draftId = (draft.xml?.part_revision as Rec).id as string;
    const ours = idOf(await addUnit(stock, { quantity: '5' }));
    const theirs = idOf(await addUnit(stock, { quantity: '2' }, { partId: idOf(top) }));
    const before = await snapshot(stock, [ours, { partId: idOf(top), unitId: theirs }]);
    const body = releaseBody([{ id: ours, action: 'dispose' }, { id: theirs, action: 'dispose' }]);
    const refused = await release(stock, body, draftId);
    expect(await states(stock)).toEqual([['A', 'Active'], ['B', 'Draft']]);
    expect(await states(stock, idOf(top))).toEqual([['A', 'Active']]);
    await expectUnchanged(stock, before);
    expectErrors(refused, 400, [`Inventory unit ${theirs} is not a unit of this part`]);
  });
});
