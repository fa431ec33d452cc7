import { expect, it } from 'vitest';
import {
  createInventoryUnit,
  importPurchaseOrders, parsePurchaseOrderImport,
  parseCreateUnit,
  createPart, parseCreatePart,
  createRecord, parseRecord,
  deletePart,
  insertUnread,
  inventoryLocationResource,
  unitConversionResource,
  unitResource,
  vendorResource,
  writePlan,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { describeStatementCounts } from './statement-count.test-helper';

// How many statements creating a unit, importing purchase orders and deleting a stocked part send inside their transaction: pinned.

describeStatementCounts('statements per stock write', ({ open, counted, statements }) => {
  async function setUp() {
    const store = await open();
    const { ctx, setting } = await partContext(store);
    const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi' }))).row.id;
    const location = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, {
      name: 'Main',
      inventory_sublocations: [{ name: 'Shelf' }, { name: 'Bins', has_bins: 'true' }],
    }));
    const [shelf, bins] = location.related.sublocations.map((sublocation) => String(sublocation.id));
    const part = (await createPart(ctx, parseCreatePart({ manufacturer_pn: 'STOCKED', partnumber: 'STOCKED-1', ...setting, revision: { revision_name: 'A' } }))).part.id;
    return { store, ctx, setting, vendor, shelf: shelf!, bins: bins!, part };
  }

  it('creates a unit in two statements: the part locked with what the checks need, then the unit and its record', async () => {
    const { ctx, setting, shelf, bins, part } = await setUp();
    const create = (fields: Record<string, unknown>) => createInventoryUnit(ctx, parseCreateUnit({ partId: part }, { inventory_sublocation_id: shelf, unit_id: setting.unit_id, quantity: '5', ...fields }));
    expect(await counted(() => create({}))).toBe(2);
    // A bin locks its sublocation, an asset id and a serial number are looked for: all in the same read.
    expect(await counted(() => create({ inventory_sublocation_id: bins, sublocation_bin: 'B1', asset_id: 'X-1', serial_number: 'SN-1', quantity: '1' }))).toBe(2);
    const reel = (await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Reel' }))).row.id;
    await createRecord(ctx, unitConversionResource, parseRecord(unitConversionResource, { from_unit_id: String(reel), to_unit_id: setting.unit_id, factor: '1000' }));
    // The conversion the measure relies on is locked in that read too.
    const reeled = await create({ unit_id: String(reel) });
    expect(reeled.unitName).toBe('Reel');
    expect(await counted(() => create({ unit_id: String(reel) }))).toBe(2);
    // A generated asset id takes the sequence's next number and checks no one chose it by hand: two more.
    const generated = await create({ generate_asset_id: 'true' });
    expect(generated.unit.asset_id).toMatch(/^A\d{7}$/);
    expect(await counted(() => create({ generate_asset_id: 'true' }))).toBe(4);
    // A refusal is read, and nothing is written.
    expect(await counted(() => create({ asset_id: 'X-1' }).catch(() => undefined))).toBe(1);
  });

  it('imports purchase orders in two statements, for one line or a hundred received into stock, and a larger file in as few more as it needs', async () => {
    const { ctx, vendor, shelf, part } = await setUp();
    const line = (received: boolean) => ({ part_id: String(part), quantity: '2', ...(received ? { received_quantity: '2', inventory_sublocation_id: shelf } : {}) });
    const order = (number: string, lines: number) => ({
      number,
      vendor_id: String(vendor),
      purchase_items: Array.from({ length: lines }, (_, i) => line(i % 2 === 0)),
    });
    // The file's checks read in one statement (the received parts and conversions locked), and every order, line, unit and record written in one.
    expect(await counted(() => importPurchaseOrders(ctx, parsePurchaseOrderImport([order('PO-1', 1)])))).toBe(2);
    let summary: unknown;
    expect(await counted(async () => (summary = await importPurchaseOrders(ctx, parsePurchaseOrderImport([order('PO-2', 100), order('PO-3', 100)]))))).toBe(2);
    expect(summary).toMatchObject({ orders: [{ number: 'PO-2' }, { number: 'PO-3' }], items: 200, received: 100 });
    // A refused file is read, and nothing is written.
    expect(await counted(() => importPurchaseOrders(ctx, parsePurchaseOrderImport([order('PO-3', 1)])).catch(() => undefined))).toBe(1);
    // A statement answers at most 1,664 columns, one a step: 550 received lines (1,651 steps) are written in two,
    // after a savepoint sent with the first of them (in its round trip).
    const large = [{ ...order('PO-4', 550), purchase_items: Array.from({ length: 550 }, () => line(true)) }];
    expect(await counted(async () => (summary = await importPurchaseOrders(ctx, parsePurchaseOrderImport(large))))).toBe(4);
    expect(statements).toContain('SAVEPOINT pips_write_plan');
    expect(summary).toMatchObject({ orders: [{ number: 'PO-4' }], items: 550, received: 550 });
  });

  it('deletes a part with more empty units than one statement holds, an event for each, in as many statements as that needs', async () => {
    const { store, ctx, setting, shelf, part } = await setUp();
    // PostgreSQL binds at most 65,535 values in a statement, and a unit's event carries 8.
    const units = 8_300;
    const now = new Date();
    const unit = { part_id: part, unit_id: Number(setting.unit_id), inventory_sublocation_id: Number(shelf), quantity: '0', currency: 'USD', created_at: now, updated_at: now };
    // Seeded unread, as one multi-row insert of 7 values a unit.
    await store.transaction((tx) => tx.write(writePlan(Array.from({ length: units }, () => insertUnread('inventory_unit', unit as never)))));
    // The part and its units read, its active revision cleared, then the delete and its events in two runs
    // after a savepoint sent with the first.
    expect(await counted(() => deletePart(ctx, { id: part }))).toBe(5);
    expect(statements).toContain('SAVEPOINT pips_write_plan');
    const [parts, left, events] = await store.transaction(async (tx) => [
      await tx.repo('part').count({ id: part }),
      await tx.repo('inventory_unit').count(),
      await tx.repo('event').count({ type: 'inventory_unit.deleted' }),
    ]);
    expect({ parts, left, events }).toEqual({ parts: 0, left: 0, events: units });
  });
});
