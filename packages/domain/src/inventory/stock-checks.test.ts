import { describe, expect, it } from 'vitest';
import { importPurchaseOrders } from '../purchasing/import-purchase-orders/import-purchase-orders';
import { parsePurchaseOrderImport } from '../purchasing/import-purchase-orders/import-input';
import { createRecord } from '../reference/engine/create-record';
import { parseRecord } from '../reference/engine/record-input';
import { vendorResource } from '../reference/vendor';
import { fakeContext, type FakeContext } from '../test';
import { createInventoryUnit } from './create-unit/create-unit';
import { parseCreateUnit } from './create-unit/create-unit-input';
import { splitInventoryUnit } from './split-unit/split-unit';
import { parseSplit } from './split-unit/split-unit-input';
import { adjustBody, inventorySetting, moveBody, unitBody, updateBody } from '../scenarios/inventory-setting.test-helper';

// The stock rules through the commands that write units, on the fake store: each refusal is a 400
// naming the field, and leaves every inventory table as it was.

async function setUp() {
  const ctx = fakeContext();
  const s = await inventorySetting(ctx);
  const create = async (quantity: string, fields: Record<string, unknown> = {}, part = s.part) =>
    (await createInventoryUnit(ctx, parseCreateUnit({ partId: part }, unitBody(s, quantity, fields)))).unit;
  return { ctx, s, create };
}

/** Every committed row a refused command must leave alone. */
const stockRows = async (ctx: FakeContext) => ({
  units: await ctx.store.rows('inventory_unit'),
  records: await ctx.store.rows('inventory_record'),
  orders: await ctx.store.rows('purchase_order'),
  items: await ctx.store.rows('purchase_item'),
});

const TAKEN = { code: 'invalid', messages: ['Serial number has already been taken'] };

describe('a serial number names one unit of its part', () => {
  it('refuses a second unit of the part with it, also once the first is empty, and writes nothing', async () => {
    const { ctx, s, create } = await setUp();
    const first = await create('1', { serial_number: 'SN-1' });
    const before = await stockRows(ctx);
    await expect(create('1', { serial_number: 'SN-1' })).rejects.toMatchObject(TAKEN);
    await expect(create('1', { serial_number: '  SN-1\t' })).rejects.toMatchObject(TAKEN);
    expect(await stockRows(ctx)).toEqual(before);
    await adjustBody(ctx, s.part, first.id, { quantity: '0' }, { adjustment_type: 'consume' });
    const emptied = await stockRows(ctx);
    await expect(create('1', { serial_number: 'SN-1' })).rejects.toMatchObject(TAKEN);
    expect(await stockRows(ctx)).toEqual(emptied);
  });

  it('gathers the taken serial number with the other field problems', async () => {
    const { ctx, s, create } = await setUp();
    await create('1', { serial_number: 'SN-1', asset_id: 'A-1' });
    const before = await stockRows(ctx);
    await expect(create('1', { serial_number: 'SN-1', asset_id: 'A-1', sublocation_bin: 'B1', inventory_sublocation_id: '0' })).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Inventory sublocation must exist', 'Asset ID must be unique.', 'Serial number has already been taken'],
    });
    await expect(create('1', { serial_number: 'SN-1', unit_id: s.setting.unit_id, inventory_sublocation_id: String(s.rack), sublocation_bin: 'R1' })).rejects.toMatchObject({
      code: 'invalid',
      messages: [
        "Unit must be the part's unit or convert to it: Each has no conversion to Metre",
        'Serial number has already been taken',
        'Sublocation bin must be blank: Rack has no bins',
      ],
    });
    expect(await stockRows(ctx)).toEqual(before);
  });

  it('keeps a serial number trimmed, as written otherwise: another part, another case or inner spaces are another serial number', async () => {
    const { create, s } = await setUp();
    expect((await create('1', { serial_number: ' SN-1 ' })).serial_number).toBe('SN-1');
    expect((await create('1', { serial_number: 'SN-1' }, s.other)).serial_number).toBe('SN-1');
    expect((await create('1', { serial_number: 'sn-1' })).serial_number).toBe('sn-1');
    expect((await create('1', { serial_number: 'SN 1' })).serial_number).toBe('SN 1');
    await create('5');
    await create('5');
  });

  it('refuses an update to a serial number another unit of the part holds; a unit keeps its own', async () => {
    const { ctx, s, create } = await setUp();
    await create('1', { serial_number: 'SN-1' });
    const other = await create('1', { serial_number: 'SN-2' });
    const before = await stockRows(ctx);
    await expect(updateBody(ctx, s.part, other.id, { serial_number: 'SN-1 ', lot_code: 'L-9' })).rejects.toMatchObject(TAKEN);
    expect(await stockRows(ctx)).toEqual(before);
    expect((await updateBody(ctx, s.part, other.id, { serial_number: ' SN-2', lot_code: 'L-9' })).unit).toMatchObject({ serial_number: 'SN-2', lot_code: 'L-9' });
    expect((await updateBody(ctx, s.part, other.id, { serial_number: null })).unit.serial_number).toBeNull();
  });

  it('answers a unit lost to a concurrent one after the check as the check would, writing nothing of its own', async () => {
    const { ctx, s, create } = await setUp();
    const before = await stockRows(ctx);
    ctx.store.beforeNextWrite(
      async () => {
        await ctx.store.transactionBeside((tx) => tx.repo('inventory_unit').insert(rivalUnit(s)));
      },
      { table: 'inventory_unit', kind: 'insert' },
    );
    await expect(create('1', { serial_number: 'SN-RACE' })).rejects.toMatchObject(TAKEN);
    const after = await ctx.store.rows('inventory_unit');
    expect(after.filter((unit) => unit.serial_number === 'SN-RACE')).toHaveLength(1);
    expect(await ctx.store.rows('inventory_record')).toEqual(before.records);
  });
});

/** A unit a rival writes straight into the store: one of the part, serial SN-RACE. */
function rivalUnit(s: Awaited<ReturnType<typeof inventorySetting>>) {
  const at = new Date('2025-01-01T00:00:00Z');
  return {
    part_id: s.part,
    unit_id: s.metre,
    inventory_sublocation_id: s.shelf,
    quantity: '1.0',
    cost_per_unit: null,
    currency: 'USD',
    sublocation_bin: null,
    asset_id: null,
    serial_number: 'SN-RACE',
    lot_code: null,
    datecode: null,
    details: null,
    purchase_order_number: null,
    purchase_quantity: null,
    purchase_price: null,
    vendor: null,
    purchase_order_id: null,
    created_at: at,
    updated_at: at,
  };
}

describe('stock is counted in its part’s unit or one that converts to it', () => {
  it('refuses a unit of measure with no conversion to the part’s, and writes nothing', async () => {
    const { ctx, s, create } = await setUp();
    const each = Number(s.setting.unit_id);
    const before = await stockRows(ctx);
    await expect(create('3', { unit_id: String(each) })).rejects.toMatchObject({
      code: 'invalid',
      messages: ["Unit must be the part's unit or convert to it: Each has no conversion to Metre"],
    });
    expect(await stockRows(ctx)).toEqual(before);
  });

  it('takes a unit that converts, locking the part and the conversion until the unit is written', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('2', { unit_id: String(s.piece) });
    expect(unit.unit_id).toBe(s.piece);
    expect(ctx.store.locked).toContainEqual({ table: 'part', where: { id: s.part } });
    // The conversions between the unit's measure and the part's, read with the part as locked.
    const partMeasure = { $ref: 'parts', column: 'unit_id' };
    expect(ctx.store.locked).toContainEqual({
      table: 'unit_conversion',
      where: { $or: [{ from_unit_id: s.piece, to_unit_id: partMeasure }, { from_unit_id: partMeasure, to_unit_id: s.piece }] },
    });
  });

  it('refuses a purchase order line received in a unit with no conversion, naming its place; the file writes nothing', async () => {
    const { ctx, s } = await setUp();
    const each = Number(s.setting.unit_id);
    const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi-Key' }))).row.id;
    const line = (unit: number) => ({ part_id: String(s.part), unit_id: String(unit), quantity: '4', received_quantity: '4', inventory_sublocation_id: String(s.rack) });
    const file = [{ number: 'PO-7', vendor_id: String(vendor), purchase_items: [line(s.piece), line(each)] }];
    const before = await stockRows(ctx);
    await expect(importPurchaseOrders(ctx, parsePurchaseOrderImport(file))).rejects.toMatchObject({
      code: 'invalid',
      messages: ["purchase_order 1 (PO-7), purchase_item 2: Unit must be the part's unit or convert to it: Each has no conversion to Metre"],
    });
    expect(await stockRows(ctx)).toEqual(before);
    expect(ctx.store.locked).toContainEqual({ table: 'part', where: { id: { $in: [s.part] } } });
    await importPurchaseOrders(ctx, parsePurchaseOrderImport([{ ...file[0], purchase_items: [line(s.piece), line(s.metre)] }]));
    expect((await ctx.store.rows('inventory_unit')).map((unit) => unit.unit_id)).toEqual([s.piece, s.metre]);
  });
});

describe('a bin only where the sublocation has bins', () => {
  it('refuses a bin on create, move and split to a sublocation without bins, writing nothing', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10', { sublocation_bin: 'B1' });
    const before = await stockRows(ctx);
    const refusal = { code: 'invalid', messages: ['Sublocation bin must be blank: Rack has no bins'] };
    await expect(create('1', { inventory_sublocation_id: String(s.rack), sublocation_bin: 'R1' })).rejects.toMatchObject(refusal);
    await expect(moveBody(ctx, s.part, unit.id, { inventory_sublocation_id: String(s.rack), sublocation_bin: 'R1' })).rejects.toMatchObject(refusal);
    await expect(splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, { inventory_sublocation_id: String(s.rack), quantity: '2', sublocation_bin: 'R1' }))).rejects.toMatchObject(
      refusal,
    );
    expect(await stockRows(ctx)).toEqual(before);
  });

  it('takes the same without the bin, and a bin where there are bins, locking that sublocation', async () => {
    const { ctx, s, create } = await setUp();
    const unit = await create('10', { inventory_sublocation_id: String(s.rack) });
    expect(ctx.store.locked).not.toContainEqual({ table: 'inventory_sublocation', where: { id: s.rack } });
    await create('1', { inventory_sublocation_id: String(s.shelf), sublocation_bin: 'S1' });
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_sublocation', where: { id: s.shelf } });
    const [, split] = await splitInventoryUnit(ctx, parseSplit({ partId: s.part, unitId: unit.id }, { inventory_sublocation_id: String(s.shelf), quantity: '2', sublocation_bin: 'S2' }));
    expect(split!.unit).toMatchObject({ inventory_sublocation_id: s.shelf, sublocation_bin: 'S2' });
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_sublocation', id: s.shelf });
    const moved = await moveBody(ctx, s.part, split!.unit.id, { inventory_sublocation_id: String(s.rack) });
    expect(moved.unit).toMatchObject({ inventory_sublocation_id: s.rack, sublocation_bin: null });
  });
});
