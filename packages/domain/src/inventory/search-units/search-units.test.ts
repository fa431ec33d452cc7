import { describe, expect, it } from 'vitest';
import { createPart } from '../../views/part-writes';
import { parseCreatePart } from '../../parts/create-part/create-part-input';
import { partBody } from '../../scenarios/part-setting.test-helper';
import { fakeContext } from '../../test';
import { createInventoryUnit } from '../create-unit/create-unit';
import { parseCreateUnit } from '../create-unit/create-unit-input';
import { inventorySetting, unitBody } from '../../scenarios/inventory-setting.test-helper';
import { searchInventoryUnits } from './search-units';

async function setUp() {
  const ctx = fakeContext();
  const s = await inventorySetting(ctx);
  const reel = (await createPart(ctx, parseCreatePart(partBody(s.setting, { partnumber: 'REEL-100', manufacturer_pn: 'R100', unit_id: String(s.metre) })))).part.id;
  const add = async (part: number, fields: Record<string, unknown>) => (await createInventoryUnit(ctx, parseCreateUnit({ partId: part }, unitBody(s, '1', fields)))).unit.id;
  const ids = {
    lot: await add(s.part, { lot_code: 'LOT-7A', details: 'Taped' }),
    serial: await add(s.part, { serial_number: 'SN-lot-9' }),
    reel: await add(reel, { purchase_order_number: 'PO 100%' }),
    bin: await add(s.part, { sublocation_bin: 'B-100', asset_id: 'A0000100' }),
  };
  const search = async (query: Record<string, string>) => (await searchInventoryUnits(ctx, query)).units.map((view) => view.unit.id);
  return { ctx, ids, search };
}

describe('searchInventoryUnits', () => {
  it('matches any triple, case-insensitively, in id order', async () => {
    const { ids, search } = await setUp();
    expect(await search({ field0: 'lot_code', term0: 'lot-7' })).toEqual([ids.lot]);
    expect(await search({ term0: 'LOT' })).toEqual([ids.lot, ids.serial]);
    expect(await search({ field0: 'lot_code', term0: 'lot', field1: 'serial_number', comparison1: 'ends_with', term1: '-9' })).toEqual([
      ids.lot,
      ids.serial,
    ]);
  });

  it('compares as asked: equals, starts_with, ends_with, and takes % and _ literally', async () => {
    const { ids, search } = await setUp();
    expect(await search({ field0: 'asset_id', comparison0: 'equals', term0: 'a0000100' })).toEqual([ids.bin]);
    expect(await search({ field0: 'asset_id', comparison0: 'equals', term0: 'A00001' })).toEqual([]);
    expect(await search({ field0: 'sublocation_bin', comparison0: 'starts_with', term0: 'b-1' })).toEqual([ids.bin]);
    expect(await search({ field0: 'details', comparison0: 'ends_with', term0: 'PED' })).toEqual([ids.lot]);
    expect(await search({ term0: '100%' })).toEqual([ids.reel]);
    expect(await search({ term0: '1_0' })).toEqual([]);
  });

  it('looks in the part number too, alone or with every field', async () => {
    const { ids, search } = await setUp();
    expect(await search({ field0: 'partnumber', comparison0: 'starts_with', term0: 'reel' })).toEqual([ids.reel]);
    // `100` is in REEL-100's number (and its order number), in a bin and in an asset id.
    expect(await search({ term0: '100' })).toEqual([ids.reel, ids.bin]);
  });

  it('answers a page, 25 unless asked, with its pagination; no triple lists every unit', async () => {
    const { ctx, ids } = await setUp();
    const all = await searchInventoryUnits(ctx, {});
    expect(all.units.map((view) => view.unit.id)).toEqual(Object.values(ids));
    expect(all.pagination).toMatchObject({ total_entries: 4, per_page: 25, current_page: 1, total_pages: 1 });
    const second = await searchInventoryUnits(ctx, { per_page: '3', page: '2' });
    expect(second.units.map((view) => view.unit.id)).toEqual([ids.bin]);
    expect(second.pagination).toMatchObject({ total_entries: 4, total_pages: 2, last_page: true });
    expect(second.units[0]).toMatchObject({ unitName: 'Metre', location: 'MAIN - Shelf - B-100' });
  });

  it('needs Can view inventory', async () => {
    const { ctx } = await setUp();
    await expect(searchInventoryUnits(fakeContext({ store: ctx.store, permissions: [] }), {})).rejects.toMatchObject({ code: 'forbidden' });
  });
});
