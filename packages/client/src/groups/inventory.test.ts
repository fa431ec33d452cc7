import { beforeEach, describe, expect, it } from 'vitest';
import { onHarness } from '../testing/on-harness.test-helper';
import { referenceSetting, type ReferenceSetting } from '../testing/reference-setting';
import type { Part } from '../types/parts';

const on = onHarness();

let setting: ReferenceSetting;
let part: Part;

beforeEach(async () => {
  setting = await referenceSetting(on.client, 'inv');
  part = await on.client.parts.create({
    manufacturer_pn: 'CABLE',
    manufacturer_id: setting.manufacturerId,
    parttype_id: setting.parttypeId,
    unit_id: setting.meterId,
    revision: { revision_name: 'A' },
  });
});

describe('inventory units through the client', () => {
  it('creates, shows, corrects, adjusts, moves and splits a unit, each change on its record', async () => {
    const [shelfA, shelfB] = setting.shelfIds;
    const unit = await on.client.inventoryUnits.create(part.id, {
      inventory_sublocation_id: shelfA,
      unit_id: setting.meterId,
      quantity: '12.5',
      cost_per_unit: '0.0125',
      lot_code: 'L-7',
      sublocation_bin: 'B3',
      generate_asset_id: true,
      inventory_record: { comment: 'first delivery' },
    });
    expect(unit).toMatchObject({
      quantity: '12.5',
      quantity_available: '12.5',
      unit: 'Meter inv',
      cost_per_unit: '0.0125',
      currency: 'USD',
      inventory_location: 'INV - Shelf A - B3',
      sublocation_bin: 'B3',
      asset_id: 'A0000001',
      lot_code: 'L-7',
      serial_number: null,
      purchase_quantity: null,
    });
    expect(unit.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(await on.client.inventoryUnits.show(part.id, unit.id)).toEqual(unit);
    expect(await on.client.inventoryUnits.update(part.id, unit.id, { details: 'grey', lot_code: null })).toMatchObject({ details: 'grey', lot_code: null });
    expect(await on.client.inventoryUnits.adjustQuantity(part.id, unit.id, { quantity: '10.25', inventory_record: { comment: 'used', adjustment_type: 'consume' } })).toMatchObject({
      quantity: '10.25',
    });
    expect(await on.client.inventoryUnits.move(part.id, unit.id, { inventory_sublocation_id: shelfB })).toMatchObject({ inventory_location: 'INV - Shelf B', sublocation_bin: null });
    const [original, created] = await on.client.inventoryUnits.split(part.id, unit.id, { inventory_sublocation_id: shelfA, quantity: '0.25', sublocation_bin: 'B9', generate_asset_id: true });
    expect([original.id, original.quantity, created.quantity, created.inventory_location, created.asset_id]).toEqual([unit.id, '10.0', '0.25', 'INV - Shelf A - B9', 'A0000002']);

    expect(await on.client.inventoryUnits.listForPart(part.id)).toEqual([
      { quantity: '10.0', cost_per_unit: '0.0125', inventory_sublocation_id: shelfB, unit_id: setting.meterId },
      { quantity: '0.25', cost_per_unit: '0.0125', inventory_sublocation_id: shelfA, unit_id: setting.meterId },
    ]);
    expect(await on.client.inventoryUnits.listForPart({ partnumber: part.partnumber })).toHaveLength(2);

    const records = await on.client.inventoryRecords.list(part.id, unit.id);
    expect(records.map((r) => [r.record_type, r.quantity_before, r.quantity_after, r.comment])).toEqual([
      ['create', '0.0', '12.5', 'first delivery'],
      ['consume', '12.5', '10.25', 'used'],
      ['move', '10.25', '10.25', null],
      ['split', '10.25', '10.0', null],
    ]);
    expect(records[2]).toMatchObject({ from_sublocation_id: shelfA, to_sublocation_id: shelfB });
    expect(records[3]).toMatchObject({ related_inventory_unit_id: created.id });
    const second = await on.client.inventoryRecords.page(part.id, unit.id, { page: 2, per_page: 3 });
    expect([second.items.map((r) => r.record_type), second.pagination.total_entries, second.pagination.previous_page]).toEqual([['split'], 4, 1]);
    const walked = [];
    for await (const record of on.client.inventoryRecords.all(part.id, unit.id, { per_page: 1 })) walked.push(record.id);
    expect(walked).toEqual(records.map((r) => r.id));
  });

  it('searches units by triples, a page at a time or every page in turn', async () => {
    const [shelfA] = setting.shelfIds;
    const make = (lot_code: string) => on.client.inventoryUnits.create(part.id, { inventory_sublocation_id: shelfA, unit_id: setting.meterId, quantity: '1', lot_code });
    const a = await make('LOT-AB-1');
    await make('LOT-CD-2');
    const c = await make('lot-ab-3');
    const page = await on.client.inventoryUnits.search({ terms: [{ field: 'lot_code', comparison: 'starts_with', term: 'lot-ab' }], per_page: 1 });
    expect(page.items).toEqual([expect.objectContaining({ id: a.id, part_id: part.id, inventory_sublocation_id: shelfA, unit_id: setting.meterId, bin: null, lot_code: 'LOT-AB-1' })]);
    expect(page.pagination).toMatchObject({ total_entries: 2, next_page: 2 });
    const found = [];
    for await (const unit of on.client.inventoryUnits.searchAll({ terms: [{ term: 'AB' }, { field: 'lot_code', comparison: 'equals', term: 'nothing' }], per_page: 1 })) found.push(unit.id);
    expect(found).toEqual([a.id, c.id]);
  });

  it('disposes of a unit on release, as the release body asks', async () => {
    const unit = await on.client.inventoryUnits.create(part.id, { inventory_sublocation_id: setting.shelfIds[0], unit_id: setting.meterId, quantity: '3' });
    await on.client.revisions.release(part.id, part.revision.id, { inventory_units: [{ id: unit.id, action: 'dispose', disposition_comment: 'scrapped' }] });
    expect((await on.client.inventoryUnits.show(part.id, unit.id)).quantity).toBe('0.0');
    expect((await on.client.inventoryRecords.list(part.id, unit.id)).at(-1)).toMatchObject({ record_type: 'dispose', comment: 'scrapped' });
  });

  it('called every function of its groups', () => {
    expect(on.recorded.uncalled(['inventoryUnits', 'inventoryRecords'])).toEqual([]);
  });
});
