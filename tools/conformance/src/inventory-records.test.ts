import { describe, expect, it } from 'vitest';
import { get, post, put } from './client';
import { UNKNOWN_ID, expectErrors, expectList, expectMessage, expectNotFound, idOf, type Rec } from './expect-xml';
import {
  addUnit,
  adjust,
  expectUnit,
  listingOf,
  netChange,
  recordsOf,
  showUnit,
  stockSetting,
  sumOf,
  unitPath,
  unitXml,
  type Stock,
} from './inventory-fixtures';
import { inventoryForms } from './inventory-forms';
import { pagination } from './part-fixtures';
import { targets } from './suite';

const recordsPath = (stock: Stock, unitId: number) => unitPath(stock.partId, unitId, 'inventory_records');

/** A page of a unit's records and its X-Pagination header. */
async function recordsPage(stock: Stock, unitId: number, query: string): Promise<{ items: Rec[]; page: Record<string, unknown> }> {
  const reply = await get(stock.target, recordsPath(stock, unitId), { query });
  const items = expectList(reply, 'inventory_records', 'inventory_record', inventoryForms.record);
  return { items, page: pagination(reply) };
}

/** For each unit: its quantity is the sum of after − before over its records. */
async function expectQuantitiesFromRecords(stock: Stock, unitIds: readonly number[]): Promise<Map<number, Rec[]>> {
  const all = new Map<number, Rec[]>();
  for (const id of unitIds) {
    const records = await recordsOf(stock.target, stock.partId, id);
    expect(netChange(records), `unit ${id}: quantity from its records`).toBe((await showUnit(stock.target, stock.partId, id)).quantity);
    all.set(id, records);
  }
  return all;
}

describe.each(targets())('inventory records and the per-part listing on $name', (target) => {
  describe('records', () => {
    it('lists a unit’s records oldest first, each written once by the change it records', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { quantity: '2' }));
      for (const quantity of ['3', '4', '5']) expectUnit(await adjust(target, stock.partId, id, quantity));
      const records = await recordsOf(target, stock.partId, id);
      expect(records.map((r) => [r.record_type, r.quantity_before, r.quantity_after])).toEqual([
        ['create', '0.0', '2.0'],
        ['adjust', '2.0', '3.0'],
        ['adjust', '3.0', '4.0'],
        ['adjust', '4.0', '5.0'],
      ]);
      const ids = records.map((r) => Number(r.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(4);
      expect(records.map((r) => r.created_at)).toEqual([...records.map((r) => r.created_at as string)].sort());
      // A read, a show and a refused change write none.
      await showUnit(target, stock.partId, id);
      await listingOf(target, stock.partId);
      expectErrors(await adjust(target, stock.partId, id, '-1'), 400, ['Quantity must be greater than or equal to 0']);
      expect(await recordsOf(target, stock.partId, id)).toEqual(records);
    });

    it('pages with page and per_page, sending X-Pagination', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { quantity: '1' }));
      for (const quantity of ['2', '3', '4', '5']) expectUnit(await adjust(target, stock.partId, id, quantity));
      const all = await recordsOf(target, stock.partId, id);
      expect(all).toHaveLength(5);
      const first = await recordsPage(stock, id, 'page=1&per_page=2');
      expect(first.items).toEqual(all.slice(0, 2));
      expect(first.page).toEqual({
        total_entries: 5,
        total_pages: 3,
        per_page: 2,
        current_page: 1,
        first_page: true,
        last_page: false,
        previous_page: null,
        next_page: 2,
        out_of_range: false,
      });
      const second = await recordsPage(stock, id, 'page=2&per_page=2');
      expect(second.items).toEqual(all.slice(2, 4));
      expect(second.page).toMatchObject({ current_page: 2, first_page: false, last_page: false, previous_page: 1, next_page: 3 });
      const last = await recordsPage(stock, id, 'page=3&per_page=2');
      expect(last.items).toEqual(all.slice(4));
      expect(last.page).toMatchObject({ current_page: 3, last_page: true, next_page: null, out_of_range: false });
      const beyond = await recordsPage(stock, id, 'page=4&per_page=2');
      expect(beyond.items).toEqual([]);
      expect(beyond.page).toMatchObject({ total_entries: 5, current_page: 4, out_of_range: true });
      const defaulted = await recordsPage(stock, id, 'page=1');
      expect(defaulted.items).toEqual(all);
      expect(defaulted.page).toMatchObject({ total_entries: 5, total_pages: 1, per_page: 25 });
      expectMessage(await get(target, recordsPath(stock, id), { query: 'page=0' }), 400, 'Invalid value for parameter page: a whole number of 1 or more');
    });

    it('answers 404 for another part’s unit and an unknown one', async () => {
      const stock = await stockSetting(target);
      const other = await stock.addPart();
      const theirs = idOf(await addUnit(stock, {}, { partId: idOf(other) }));
      expectNotFound(await get(target, recordsPath(stock, theirs)), 'InventoryUnit', theirs);
      expectNotFound(await get(target, recordsPath(stock, UNKNOWN_ID)), 'InventoryUnit', UNKNOWN_ID);
    });

    it('keeps quantity = the sum of (after − before) over each unit’s records through a run of changes', async () => {
      const stock = await stockSetting(target);
      const [shelfA, shelfB] = stock.shelves;
      const first = idOf(await addUnit(stock, { quantity: '10' }));
      const other = idOf(await addUnit(stock, { quantity: '0.25' }));
      expectUnit(await adjust(target, stock.partId, first, '12.5', { comment: 'recount' }));
      expectUnit(await adjust(target, stock.partId, first, '7', { adjustment_type: 'consume' }));
      expectUnit(await put(target, unitPath(stock.partId, first, 'move'), { body: unitXml({ inventory_sublocation_id: shelfB.id }) }));
      expectUnit(await put(target, unitPath(stock.partId, first), { body: unitXml({ lot_code: 'L2' }) }));
      const pair = expectList(
        await post(target, unitPath(stock.partId, first, 'split'), { body: unitXml({ inventory_sublocation_id: shelfA.id, quantity: '3' }) }),
        'inventory_units',
        'inventory_unit',
        inventoryForms.unit,
      );
      const second = idOf(pair[1]!);
      expectUnit(await adjust(target, stock.partId, second, '5'));
      expectUnit(await adjust(target, stock.partId, second, '1.5', { adjustment_type: 'consume' }));
      const third = idOf(
        expectList(
          await post(target, unitPath(stock.partId, second, 'split'), { body: unitXml({ inventory_sublocation_id: shelfB.id, quantity: '0.5' }) }),
          'inventory_units',
          'inventory_unit',
          inventoryForms.unit,
        )[1]!,
      );
      expectUnit(await adjust(target, stock.partId, third, '0', { adjustment_type: 'consume' }));
      expectUnit(await adjust(target, stock.partId, other, '0.75'));
      // Refused changes leave no trace in the sums.
      expectErrors(await adjust(target, stock.partId, first, '99', { adjustment_type: 'consume' }), 422, ['A consumption cannot raise the quantity']);
      const tooMuch = unitXml({ inventory_sublocation_id: shelfA.id, quantity: '400' });
      expectErrors(await post(target, unitPath(stock.partId, first, 'split'), { body: tooMuch }), 422, ["Quantity can't be greater than the quantity available."]);

      const records = await expectQuantitiesFromRecords(stock, [first, second, third, other]);
      const family = [first, second, third].flatMap((id) => records.get(id)!);
      // Across a split family, only create, adjust, consume (and dispose) change the total.
      const byType = (types: string[]) => netChange(family.filter((r) => types.includes(r.record_type as string)));
      expect(byType(['split'])).toBe('0.0');
      expect(byType(['move'])).toBe('0.0');
      const quantities = await Promise.all([first, second, third].map(async (id) => (await showUnit(target, stock.partId, id)).quantity as string));
      expect(quantities).toEqual(['4.0', '1.0', '0.0']);
      expect(byType(['create', 'adjust', 'consume'])).toBe(sumOf(quantities));
      expect(family.map((r) => r.record_type).sort()).toEqual(
        ['create', 'adjust', 'consume', 'move', 'split', 'split', 'adjust', 'consume', 'split', 'split', 'consume'].sort(),
      );
    });
  });

  describe('per-part listing', () => {
    it('answers the four SPEC fields for every unit of the part in id order, empty ones included', async () => {
      const stock = await stockSetting(target);
      const other = await stock.addPart();
      expect(await listingOf(target, stock.partId)).toEqual([]);
      const a = idOf(await addUnit(stock, { quantity: '3', cost_per_unit: '1.5' }));
      idOf(await addUnit(stock, { quantity: '2', unit_id: stock.whole.id, inventory_sublocation_id: stock.shelves[1].id }));
      await addUnit(stock, { quantity: '8' }, { partId: idOf(other) });
      expectUnit(await adjust(target, stock.partId, a, '0', { adjustment_type: 'consume' }));
      const expected = [
        { quantity: '0.0', cost_per_unit: '1.5', inventory_sublocation_id: String(stock.shelves[0].id), unit_id: String(stock.measure.id) },
        { quantity: '2.0', cost_per_unit: null, inventory_sublocation_id: String(stock.shelves[1].id), unit_id: String(stock.whole.id) },
      ];
      expect(await listingOf(target, stock.partId)).toEqual(expected);
      expect(await listingOf(target, encodeURIComponent(stock.part.partnumber as string), 'find_by=partnumber')).toEqual(expected);
      expect((await listingOf(target, idOf(other))).map((u) => u.quantity)).toEqual(['8.0']);
    });

    it('answers 404 for an unknown part, by id or by part number', async () => {
      expectNotFound(await get(target, `/part/${UNKNOWN_ID}/inventory_units`), 'Part', UNKNOWN_ID);
      const missing = `NOPE-${UNKNOWN_ID}`;
      expectMessage(
        await get(target, `/part/${missing}/inventory_units`, { query: 'find_by=partnumber' }),
        404,
        `Couldn't find Part with 'partnumber'=${missing}`,
      );
    });
  });
});
