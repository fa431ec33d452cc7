import { describe, expect, it } from 'vitest';
import { post, put, unique, xmlBody } from './client';
import { UNKNOWN_ID, expectErrors, expectMessage, expectNotFound, idOf } from './expect-xml';
import {
  addUnit,
  adjust,
  expectUnchanged,
  expectUnit,
  label,
  recordExpected,
  recordsOf,
  showUnit,
  snapshot,
  stockSetting,
  unitExpected,
  unitPath,
  unitXml,
} from './inventory-fixtures';
import { targets } from './suite';

describe.each(targets())('inventory unit update, adjust and move on $name', (target) => {
  describe('update', () => {
    it('changes the fields SPEC names, ignores the others, and writes no record', async () => {
      const stock = await stockSetting(target);
      const assetId = unique('AS');
      const unit = await addUnit(stock, { quantity: '1', asset_id: assetId, lot_code: 'OLD', sublocation_bin: 'B1' });
      const id = idOf(unit);
      const recordsBefore = await recordsOf(target, stock.partId, id);
      const changes = {
        cost_per_unit: '0.125',
        serial_number: 'SN-42',
        lot_code: 'LOT-2',
        datecode: '2501',
        details: 'tested & labelled',
        purchase_order_number: 'PO-77',
        // Not among SPEC's update fields: left as they are.
        quantity: '9',
        asset_id: unique('OTHER'),
        sublocation_bin: 'X9',
        inventory_sublocation_id: stock.shelves[1].id,
      };
      const updated = expectUnit(await put(target, unitPath(stock.partId, id), { body: unitXml(changes) }));
      expect(updated).toEqual(
        unitExpected(stock, {
          id: String(id),
          quantity: '1.0',
          cost_per_unit: '0.125',
          inventory_location: label(stock.location.shortname, stock.shelves[0], 'B1'),
          sublocation_bin: 'B1',
          asset_id: assetId,
          serial_number: 'SN-42',
          lot_code: 'LOT-2',
          datecode: '2501',
          details: 'tested & labelled',
          purchase_order_number: 'PO-77',
          created_at: unit.created_at,
        }),
      );
      expect(await showUnit(target, stock.partId, id)).toEqual(updated);
      expect(await recordsOf(target, stock.partId, id)).toEqual(recordsBefore);
    });

    it('clears a field sent as an empty element and keeps the fields not sent', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { lot_code: 'L1', datecode: 'D1', cost_per_unit: '2' }));
      const updated = expectUnit(await put(target, unitPath(stock.partId, id), { body: unitXml({ lot_code: null }) }));
      expect(updated).toMatchObject({ lot_code: null, datecode: 'D1', cost_per_unit: '2.0', quantity: '10.0' });
      expect(await showUnit(target, stock.partId, id)).toEqual(updated);
    });

    it('refuses a serial number on a unit holding more than 1, a negative cost and a body of another root (400), changing nothing', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { quantity: '5', lot_code: 'L1' }));
      const before = await snapshot(stock, [id]);
      const update = (body?: string) => put(target, unitPath(stock.partId, id), body === undefined ? {} : { body });
      expectErrors(await update(unitXml({ serial_number: 'SN-1', lot_code: 'L2' })), 400, ['Serial number needs a quantity of exactly 1']);
      await expectUnchanged(stock, before);
      expectErrors(await update(unitXml({ cost_per_unit: '-1' })), 400, ['Cost per unit must be greater than or equal to 0']);
      await expectUnchanged(stock, before);
      expectMessage(await update(), 400, 'Expected the root element <inventory_unit>');
      expectMessage(await update(xmlBody('part', { lot_code: 'L3' })), 400, 'Expected the root element <inventory_unit>');
      await expectUnchanged(stock, before);
    });
  });

  describe('adjust_quantity', () => {
    it('sets the new quantity from an XML body; adjust and consume are recorded as such, with their comments', async () => {
      const stock = await stockSetting(target);
      const unit = await addUnit(stock, { quantity: '5', cost_per_unit: '3' });
      const id = idOf(unit);
      const raised = expectUnit(await adjust(target, stock.partId, id, '8', { comment: 'found a reel' }));
      expect(raised).toEqual(
        unitExpected(stock, { id: String(id), quantity: '8.0', cost_per_unit: '3.0', created_at: unit.created_at }),
      );
      const explicit = expectUnit(await adjust(target, stock.partId, id, '7.5', { adjustment_type: 'adjust' }));
      expect(explicit).toMatchObject({ quantity: '7.5', quantity_available: '7.5' });
      const consumed = expectUnit(await adjust(target, stock.partId, id, '3', { adjustment_type: 'consume', comment: 'build 12' }));
      expect(consumed).toMatchObject({ quantity: '3.0', quantity_available: '3.0' });
      const same = expectUnit(await adjust(target, stock.partId, id, '3', { adjustment_type: 'consume' }));
      expect(same.quantity).toBe('3.0');
      expect(await showUnit(target, stock.partId, id)).toEqual(same);
      expect((await recordsOf(target, stock.partId, id)).slice(1)).toEqual([
        recordExpected(stock, id, { type: 'adjust', before: '5.0', after: '8.0', comment: 'found a reel' }),
        recordExpected(stock, id, { type: 'adjust', before: '8.0', after: '7.5' }),
        recordExpected(stock, id, { type: 'consume', before: '7.5', after: '3.0', comment: 'build 12' }),
        recordExpected(stock, id, { type: 'consume', before: '3.0', after: '3.0' }),
      ]);
    });

    it('takes the same fields as bracket query parameters with no body', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { quantity: '10' }));
      const path = unitPath(stock.partId, id, 'adjust_quantity');
      const query = (params: Record<string, string>) =>
        Object.entries(params).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
      const adjusted = expectUnit(await put(target, path, { query: query({ 'inventory_unit[quantity]': '12', 'inventory_record[comment]': 'recount' }) }));
      expect(adjusted.quantity).toBe('12.0');
      const consumed = expectUnit(
        await put(target, path, {
          query: query({ 'inventory_unit[quantity]': '4', 'inventory_record[adjustment_type]': 'consume', 'inventory_record[comment]': 'kit 3' }),
        }),
      );
      expect(consumed.quantity).toBe('4.0');
      expect(await showUnit(target, stock.partId, id)).toEqual(consumed);
      expect((await recordsOf(target, stock.partId, id)).slice(1)).toEqual([
        recordExpected(stock, id, { type: 'adjust', before: '10.0', after: '12.0', comment: 'recount' }),
        recordExpected(stock, id, { type: 'consume', before: '12.0', after: '4.0', comment: 'kit 3' }),
      ]);
    });

    it('refuses a missing, negative or non-whole quantity and an unknown adjustment type (400), changing nothing', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { quantity: '5' }));
      const counted = idOf(await addUnit(stock, { quantity: '5', unit_id: stock.whole.id }));
      const before = await snapshot(stock, [id, counted]);
      const path = unitPath(stock.partId, id, 'adjust_quantity');
      expectErrors(await adjust(target, stock.partId, id, '-1'), 400, ['Quantity must be greater than or equal to 0']);
      await expectUnchanged(stock, before);
      expectErrors(await adjust(target, stock.partId, id, '-1', { adjustment_type: 'consume' }), 400, ['Quantity must be greater than or equal to 0']);
      await expectUnchanged(stock, before);
      expectErrors(await adjust(target, stock.partId, id, null), 400, ["Quantity can't be blank"]);
      expectErrors(await put(target, path, { body: unitXml({ lot_code: 'L1' }) }), 400, ["Quantity can't be blank"]);
      await expectUnchanged(stock, before);
      expectErrors(await adjust(target, stock.partId, id, '4', { adjustment_type: 'scrap' }), 400, ['Adjustment type must be one of: adjust, consume']);
      expectErrors(await put(target, path, { query: 'inventory_unit%5Bquantity%5D=4&inventory_record%5Badjustment_type%5D=receive' }), 400, [
        'Adjustment type must be one of: adjust, consume',
      ]);
      await expectUnchanged(stock, before);
      expectErrors(await adjust(target, stock.partId, counted, '4.5'), 400, [
        `Quantity must be a whole number: ${stock.whole.name} is counted in whole units`,
      ]);
      await expectUnchanged(stock, before);
      expectMessage(await put(target, path), 400, 'Expected the root element <inventory_unit>');
      await expectUnchanged(stock, before);
    });

    it('refuses a consumption that would raise the quantity (422), changing nothing', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { quantity: '5' }));
      const before = await snapshot(stock, [id]);
      expectErrors(await adjust(target, stock.partId, id, '6', { adjustment_type: 'consume' }), 422, ['A consumption cannot raise the quantity']);
      await expectUnchanged(stock, before);
      expectErrors(await adjust(target, stock.partId, id, '5.001', { adjustment_type: 'consume' }), 422, ['A consumption cannot raise the quantity']);
      await expectUnchanged(stock, before);
    });

    it('holds a serialised unit to 1 or 0: 2 is a 422 changing nothing, 0 and back to 1 are fine', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { quantity: '1', serial_number: 'SN-9' }));
      const before = await snapshot(stock, [id]);
      for (const quantity of ['2', '0.5']) {
        expectErrors(await adjust(target, stock.partId, id, quantity), 422, ['A unit with a serial number can hold only a quantity of 1 or 0']);
        await expectUnchanged(stock, before);
      }
      expect(expectUnit(await adjust(target, stock.partId, id, '0', { adjustment_type: 'consume' }))).toMatchObject({ quantity: '0.0', serial_number: 'SN-9' });
      expect(expectUnit(await adjust(target, stock.partId, id, '1'))).toMatchObject({ quantity: '1.0', serial_number: 'SN-9' });
      expect((await recordsOf(target, stock.partId, id)).slice(1).map((r) => [r.record_type, r.quantity_before, r.quantity_after])).toEqual([
        ['consume', '1.0', '0.0'],
        ['adjust', '0.0', '1.0'],
      ]);
    });
  });

  describe('move', () => {
    it('moves to another shelf with a bin, then back with the bin cleared; each move is a record naming both ends', async () => {
      const stock = await stockSetting(target);
      const [shelfA, shelfB] = stock.shelves;
      const unit = await addUnit(stock, { quantity: '6', sublocation_bin: 'A1', lot_code: 'L9' });
      const id = idOf(unit);
      const move = (fields: Record<string, string | number | null>, record?: Record<string, string>) =>
        put(target, unitPath(stock.partId, id, 'move'), { body: unitXml(fields, record) });
      const moved = expectUnit(await move({ inventory_sublocation_id: shelfB.id, sublocation_bin: 'B2' }, { comment: 'to kitting' }));
      expect(moved).toEqual(
        unitExpected(stock, {
          id: String(id),
          quantity: '6.0',
          inventory_location: label(stock.location.shortname, shelfB, 'B2'),
          sublocation_bin: 'B2',
          lot_code: 'L9',
          created_at: unit.created_at,
        }),
      );
      expect(await showUnit(target, stock.partId, id)).toEqual(moved);
      const back = expectUnit(await move({ inventory_sublocation_id: shelfA.id }));
      expect(back).toMatchObject({ inventory_location: label(stock.location.shortname, shelfA), sublocation_bin: null, quantity: '6.0' });
      const stay = expectUnit(await move({ inventory_sublocation_id: shelfA.id, sublocation_bin: 'A3' }));
      expect(stay).toMatchObject({ inventory_location: label(stock.location.shortname, shelfA, 'A3'), sublocation_bin: 'A3' });
      expect(await recordsOf(target, stock.partId, id)).toEqual([
        recordExpected(stock, id, { type: 'create', before: '0.0', after: '6.0', to: shelfA.id }),
        recordExpected(stock, id, { type: 'move', before: '6.0', after: '6.0', from: shelfA.id, to: shelfB.id, comment: 'to kitting' }),
        recordExpected(stock, id, { type: 'move', before: '6.0', after: '6.0', from: shelfB.id, to: shelfA.id }),
        recordExpected(stock, id, { type: 'move', before: '6.0', after: '6.0', from: shelfA.id, to: shelfA.id }),
      ]);
    });

    it('refuses a missing or unknown sublocation (400), changing nothing', async () => {
      const stock = await stockSetting(target);
      const id = idOf(await addUnit(stock, { sublocation_bin: 'A1' }));
      const before = await snapshot(stock, [id]);
      const move = (body: string) => put(target, unitPath(stock.partId, id, 'move'), { body });
      expectErrors(await move(unitXml({ sublocation_bin: 'B2' })), 400, ["Inventory sublocation can't be blank"]);
      await expectUnchanged(stock, before);
      expectErrors(await move(unitXml({ inventory_sublocation_id: null })), 400, ["Inventory sublocation can't be blank"]);
      await expectUnchanged(stock, before);
      expectErrors(await move(unitXml({ inventory_sublocation_id: UNKNOWN_ID })), 400, ['Inventory sublocation must exist']);
      await expectUnchanged(stock, before);
    });
  });

  it('answers 404 to every command on another part’s unit or an unknown one, changing nothing', async () => {
    const stock = await stockSetting(target);
    const other = await stock.addPart();
    const theirs = idOf(await addUnit(stock, { quantity: '4' }, { partId: idOf(other) }));
    const before = await snapshot(stock, [{ partId: idOf(other), unitId: theirs }]);
    const commands = (unitId: number) => [
      () => put(target, unitPath(stock.partId, unitId), { body: unitXml({ lot_code: 'X' }) }),
      () => adjust(target, stock.partId, unitId, '1'),
      () => put(target, unitPath(stock.partId, unitId, 'move'), { body: unitXml({ inventory_sublocation_id: stock.shelves[1].id }) }),
      () => post(target, unitPath(stock.partId, unitId, 'split'), { body: unitXml({ inventory_sublocation_id: stock.shelves[1].id, quantity: '1' }) }),
    ];
    for (const unitId of [theirs, UNKNOWN_ID]) {
      for (const command of commands(unitId)) expectNotFound(await command(), 'InventoryUnit', unitId);
    }
    await expectUnchanged(stock, before);
  });
});
