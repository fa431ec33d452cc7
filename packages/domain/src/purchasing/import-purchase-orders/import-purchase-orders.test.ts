import { describe, expect, it } from 'vitest';
import { inventorySetting } from '../../scenarios/inventory-setting.test-helper';
import { createRecord } from '../../reference/engine/create-record';
import { parseRecord } from '../../reference/engine/record-input';
import { vendorResource } from '../../reference/vendor';
import { fakeContext, type FakeContext } from '../../test';
import { importPurchaseOrders } from './import-purchase-orders';
import { parsePurchaseOrderImport } from './import-input';

async function setting(ctx: FakeContext) {
  const s = await inventorySetting(ctx);
  const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi-Key' }))).row.id;
  return { ...s, vendor };
}

type Setting = Awaited<ReturnType<typeof setting>>;

const order = (s: Setting, number: string, items: object[] = [], fields: object = {}) => ({
  id: '999',
  number,
  status: 'open',
  vendor: { id: String(s.vendor), name: 'ignored' },
  created_on: '2026-03-01 10:00:00 -0800',
  purchase_items: items,
  ...fields,
});

const line = (s: Setting, fields: object = {}) => ({ part_id: String(s.part), unit_id: String(s.piece), quantity: '10', price: '0.25', ...fields });

describe('importPurchaseOrders', () => {
  it('writes each order and its lines, the store’s ids, positions in file order', async () => {
    const ctx = fakeContext({ now: new Date('2026-03-05T00:00:00Z') });
    const s = await setting(ctx);
    const summary = await importPurchaseOrders(ctx, parsePurchaseOrderImport([order(s, 'PO-1', [line(s), line(s, { quantity: '5', position: '7' })]), order(s, 'PO-2', [], { vendor: undefined, vendor_id: String(s.vendor), status: '', created_on: '' })]));
    expect(summary).toMatchObject({ orders: [{ number: 'PO-1' }, { number: 'PO-2' }], items: 2, received: 0 });
    const [first, second] = await ctx.store.rows('purchase_order');
    expect(first).toMatchObject({ number: 'PO-1', status: 'open', vendor_id: s.vendor, currency: 'USD', created_on: new Date('2026-03-01T18:00:00Z') });
    expect(first!.id).not.toBe(999);
    expect(second).toMatchObject({ number: 'PO-2', status: 'draft', created_on: new Date('2026-03-05T00:00:00Z') });
    const items = await ctx.store.rows('purchase_item');
    expect(items.map((item) => [item.purchase_order_id, item.position, item.quantity, item.inventory_unit_id])).toEqual([
      [first!.id, 1, '10.0', null],
      [first!.id, 7, '5.0', null],
    ]);
  });

  it('receives a line into stock: a unit with the purchase fields, a receive record, the line naming the unit', async () => {
    const ctx = fakeContext({ now: new Date('2026-03-05T00:00:00Z') });
    const s = await setting(ctx);
    const summary = await importPurchaseOrders(ctx, parsePurchaseOrderImport([order(s, 'PO-9', [line(s, { received_quantity: '10', inventory_sublocation_id: String(s.rack) })], { currency: 'EUR' })]));
    expect(summary.received).toBe(1);
    const [unit] = await ctx.store.rows('inventory_unit');
    const [po] = await ctx.store.rows('purchase_order');
    expect(unit).toMatchObject({
      part_id: s.part,
      unit_id: s.piece,
      inventory_sublocation_id: s.rack,
      quantity: '10.0',
      cost_per_unit: '0.25',
      currency: 'EUR',
      purchase_order_number: 'PO-9',
      purchase_quantity: '10.0',
      purchase_price: '0.25',
      vendor: 'Digi-Key',
      purchase_order_id: po!.id,
    });
    expect(await ctx.store.rows('inventory_record')).toMatchObject([
      { inventory_unit_id: unit!.id, record_type: 'receive', quantity_before: '0.0', quantity_after: '10.0', to_sublocation_id: s.rack, comment: 'Received on purchase order PO-9' },
    ]);
    expect(await ctx.store.rows('purchase_item')).toMatchObject([{ inventory_unit_id: unit!.id, received_quantity: '10.0', received_at: new Date('2026-03-05T00:00:00Z') }]);
  });

  it('writes nothing when any order has a problem, and names every problem by its place', async () => {
    const ctx = fakeContext();
    const s = await setting(ctx);
    await importPurchaseOrders(ctx, parsePurchaseOrderImport([order(s, 'PO-OLD')]));
    const before = { orders: await ctx.store.rows('purchase_order'), units: await ctx.store.rows('inventory_unit') };
    const file = [
      order(s, 'PO-A', [line(s, { received_quantity: '3', inventory_sublocation_id: String(s.shelf) })]),
      order(s, 'PO-B'),
      order(s, 'PO-OLD', [line(s, { part_id: '9999' }), line(s, { received_quantity: '2.5' }), line(s, { inventory_sublocation_id: String(s.shelf) })]),
      order(s, 'PO-B', [], { status: 'shipped', created_on: 'yesterday' }),
    ];
    expect(() => parsePurchaseOrderImport(file)).toThrow(expect.objectContaining({
      code: 'invalid',
      messages: [
        'purchase_order 4 (PO-B): Status must be one of: draft, pending, open, closed',
        'purchase_order 4 (PO-B): Created on must be a timestamp such as 2016-01-24 20:11:47 -0800 or 2016-01-24T20:11:47+00:00',
      ],
    }));
    const fixed = [...file.slice(0, 3), order(s, 'PO-B')];
    await expect(importPurchaseOrders(ctx, parsePurchaseOrderImport(fixed))).rejects.toMatchObject({
      code: 'invalid',
      messages: [
        'purchase_order 3 (PO-OLD): Number has already been taken',
        'purchase_order 3 (PO-OLD), purchase_item 1: Part must exist',
        'purchase_order 3 (PO-OLD), purchase_item 2: Inventory sublocation must be given to receive a quantity',
        'purchase_order 3 (PO-OLD), purchase_item 2: Quantity must be a whole number: Piece is counted in whole units',
        'purchase_order 3 (PO-OLD), purchase_item 3: Received quantity must be greater than 0 to receive into an inventory sublocation',
        'purchase_order 4 (PO-B): Number has already been taken',
      ],
    });
    expect(await ctx.store.rows('purchase_order')).toEqual(before.orders);
    expect(await ctx.store.rows('inventory_unit')).toEqual(before.units);
    expect(await ctx.store.rows('inventory_record')).toEqual([]);
  });

  it('keeps a line named by its part and revision described as they are at import: number, revision, manufacturer, vendor', async () => {
    const ctx = fakeContext();
    const s = await setting(ctx);
    const [revision] = await ctx.store.rows('part_revision');
    await importPurchaseOrders(ctx, parsePurchaseOrderImport([order(s, 'PO-F', [{ part_id: String(s.part), part_revision_id: String(revision!.id), quantity: '1' }])]));
    expect(await ctx.store.rows('purchase_item')).toMatchObject([
      { vendor_id: s.vendor, part_id: s.part, part_revision_id: revision!.id, partnumber: 'P-1', part_revision_name: 'A', manufacturer: 'Yageo', manufacturer_pn: 'RC0402' },
    ]);
  });

  it('imports nothing when a line contradicts the part or vendor it names', async () => {
    const ctx = fakeContext();
    const s = await setting(ctx);
    const file = [order(s, 'PO-X', [line(s), line(s, { partnumber: 'P-2', vendor_id: '9999' })])];
    await expect(importPurchaseOrders(ctx, parsePurchaseOrderImport(file))).rejects.toMatchObject({
      code: 'invalid',
      messages: [
        'purchase_order 1 (PO-X), purchase_item 2: Vendor must exist',
        "purchase_order 1 (PO-X), purchase_item 2: Vendor must be the order's vendor",
        "purchase_order 1 (PO-X), purchase_item 2: Partnumber 'P-2' is not the part's 'P-1': leave it out to take the part's",
      ],
    });
    expect(await ctx.store.rows('purchase_order')).toEqual([]);
    expect(await ctx.store.rows('purchase_item')).toEqual([]);
  });

  it('reads an order’s lines sent in several wrappers as one list; two equal lines stay two, the whole list sent again counts once', async () => {
    const ctx = fakeContext();
    const s = await setting(ctx);
    const [a, b] = [line(s, { quantity: '1' }), line(s, { quantity: '2' })];
    await importPurchaseOrders(ctx, parsePurchaseOrderImport([
      order(s, 'PO-W', [], { purchase_items: [{ purchase_item: [a, b] }, { purchase_item: [a, b] }, { purchase_item: b }] }),
    ]));
    expect((await ctx.store.rows('purchase_item')).map((item) => [item.position, item.quantity])).toEqual([
      [1, '1.0'],
      [2, '2.0'],
      [3, '2.0'],
    ]);
  });

  it('refuses a file with no orders, or text where the orders should be', async () => {
    const ctx = fakeContext();
    await expect(importPurchaseOrders(ctx, parsePurchaseOrderImport([]))).rejects.toMatchObject({ code: 'invalid', messages: ['The file must hold purchase_orders (type="array")'] });
    expect(() => parsePurchaseOrderImport('nonsense')).toThrow(expect.objectContaining({ code: 'invalid', messages: ['The file must hold purchase_orders (type="array")'] }));
  });
});
