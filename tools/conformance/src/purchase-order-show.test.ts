import { describe, expect, it } from 'vitest';
import { get } from './client';
import { TS_SPACE, UNKNOWN_ID, expectNestedArray, expectNotFound, expectRecord, idOf, type Rec } from './expect-xml';
import { inventoryForms } from './inventory-forms';
import { recordsOf, showUnit } from './inventory-fixtures';
import { readPart } from './part-fixtures';
import {
  importOk,
  importOrders,
  itemXml,
  orderXml,
  ordersFile,
  purchaseOrderForms,
  purchasingSetting,
  shownOrderFields,
  type Purchasing,
} from './purchase-order-fixtures';
import { targets } from './suite';

/** The ids of this scenario's orders, newest first. */
async function orderIds(p: Purchasing): Promise<number[]> {
  const reply = await get(p.target, '/purchase_orders', { query: `start_date=${p.day(0)}&end_date=${p.day(29)}` });
  const orders = reply.xml?.purchase_orders;
  return (Array.isArray(orders) ? orders : []).map((order) => idOf(order as Rec));
}

async function showOrder(p: Purchasing, id: number): Promise<{ order: Rec; items: Rec[] }> {
  const reply = await get(p.target, `/purchase_orders/${id}`);
  const order = expectRecord(reply, 'purchase_order', shownOrderFields);
  const items = expectNestedArray(reply, 'purchase_items', 'purchase_item', purchaseOrderForms.item);
  return { order, items };
}

describe.each(targets())('purchase order show and receiving on $name', (target) => {
  it('answers the show form: currency, the vendor element, every line field in order', async () => {
    const p = await purchasingSetting(target);
    const number = `${p.day(0)}-show`;
    await importOk(target, [
      orderXml(p, { number, status: 'pending', currency: 'EUR', created_on: `${p.day(2)} 10:00:00 +0000`, notes: 'Rush <please> & thanks', emailed_at: `${p.day(2)}T11:30:00+00:00` }, [
        itemXml({ part_id: p.partId, unit_id: p.unitId, vendor_id: p.vendor.id, partnumber: p.partnumber, manufacturer_pn: 'LM317', quantity: '250', price: '0.125', vendor_pn: 'DK-1', vendor_promise_date: p.day(9), comment: 'first line' }),
        itemXml({ part_id: p.partId, quantity: '3.5', position: 9 }),
      ]),
    ]);
    const [id] = await orderIds(p);
    const { order, items } = await showOrder(p, id!);
    expect(order).toMatchObject({
      id: String(id),
      number,
      vendor: { id: String(p.vendor.id), name: p.vendor.name },
      currency: 'EUR',
      notes: 'Rush <please> & thanks',
      created_on: `${p.day(2)} 10:00:00 +0000`,
      emailed_at: `${p.day(2)} 11:30:00 +0000`,
      accepted_at: null,
    });
    expect(order.updated_at).toMatch(TS_SPACE);
    expect(items).toMatchObject([
      {
        purchase_id: String(id),
        vendor_id: String(p.vendor.id),
        inventory_unit_id: null,
        quote_id: null,
        unit_id: String(p.unitId),
        part_id: String(p.partId),
        partnumber: p.partnumber,
        manufacturer_pn: 'LM317',
        quantity: '250.0',
        price: '0.125',
        comment: 'first line',
        received_quantity: null,
        received_at: null,
        vendor_promise_date: p.day(9),
        vendor_pn: 'DK-1',
        position: '1',
      },
      { quantity: '3.5', price: null, position: '9', vendor_id: null },
    ]);
    expect(items.map((item) => Number(item.id))).toEqual([...items.map((item) => Number(item.id))].sort((a, b) => a - b));
  });

  it('answers 404 for an order that does not exist', async () => {
    expectNotFound(await get(target, `/purchase_orders/${UNKNOWN_ID}`), 'PurchaseOrder', UNKNOWN_ID);
  });

  it('receives a line into stock: the unit carries the purchase, its records a receive, the part its order', async () => {
    const p = await purchasingSetting(target);
    const number = `${p.day(0)}-receive`;
    await importOk(target, [
      orderXml(p, { number, status: 'open', created_on: `${p.day(1)} 10:00:00 +0000` }, [
        itemXml({ part_id: p.partId, unit_id: p.unitId, quantity: '100', price: '0.42', received_quantity: '100', received_at: `${p.day(3)} 15:00:00 +0000`, inventory_sublocation_id: p.dock }),
      ]),
    ]);
    const [orderId] = await orderIds(p);
    const { items } = await showOrder(p, orderId!);
    expect(items[0]).toMatchObject({ received_quantity: '100.0', received_at: `${p.day(3)} 15:00:00 +0000` });
    const unitId = Number(items[0]!.inventory_unit_id);
    expect(unitId).toBeGreaterThan(0);
    const unit = await showUnit(target, p.partId, unitId);
    expect(unit).toMatchObject({
      quantity: '100.0',
      cost_per_unit: '0.42',
      purchase_order_number: number,
      purchase_quantity: '100.0',
      purchase_price: '0.42',
      vendor: p.vendor.name,
    });
    const records = await recordsOf(target, p.partId, unitId);
    expect(records).toMatchObject([{ record_type: 'receive', quantity_before: '0.0', quantity_after: '100.0', to_sublocation_id: String(p.dock), comment: `Received on purchase order ${number}` }]);
    const part = await readPart(target, p.partId);
    const inPart = (Array.isArray(part.inventory_units) ? part.inventory_units : []) as Rec[];
    expect(inPart.map((u) => Object.keys(u))).toEqual([inventoryForms.inPart]);
    expect(inPart[0]).toMatchObject({ id: String(unitId), quantity: '100.0', inventory_sublocation_id: String(p.dock), purchase_order_id: String(orderId) });
  });

  it('imports nothing from a file with a problem in a later order, and names every problem by its place', async () => {
    const p = await purchasingSetting(target);
    const good = (name: string, received = false) =>
      orderXml(p, { number: `${p.day(0)}-${name}`, created_on: `${p.day(1)} 10:00:00 +0000` }, [
        itemXml({ part_id: p.partId, quantity: '5', ...(received ? { received_quantity: '5', inventory_sublocation_id: p.dock } : {}) }),
      ]);
    const file = ordersFile([
      good('one', true),
      good('two'),
      orderXml(p, { number: `${p.day(0)}-three`, created_on: `${p.day(1)} 10:00:00 +0000` }, [itemXml({ part_id: UNKNOWN_ID, quantity: '1' }), itemXml({ part_id: p.partId, quantity: '1', received_quantity: '1' })]),
      good('one'),
    ]);
    const outcome = await importOrders(target, file);
    expect(outcome).toEqual({
      ok: false,
      problems: [
        `purchase_order 3 (${p.day(0)}-three), purchase_item 1: Part must exist`,
        `purchase_order 3 (${p.day(0)}-three), purchase_item 2: Inventory sublocation must be given to receive a quantity`,
        `purchase_order 4 (${p.day(0)}-one): Number has already been taken`,
      ],
    });
    expect(await orderIds(p)).toEqual([]);
    const part = await readPart(target, p.partId);
    expect(part.inventory_units ?? []).toEqual([]);
  });
});
