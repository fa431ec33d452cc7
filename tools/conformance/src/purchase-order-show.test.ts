import { describe, expect, it } from 'vitest';
import { get, put, unique, xmlBody } from './client';
import { TS_SPACE, UNKNOWN_ID, expectNestedArray, expectNotFound, expectRecord, expectStatus, idOf, type Rec } from './expect-xml';
import { createVendor } from './fixtures';
import { inventoryForms } from './inventory-forms';
import { recordsOf, showUnit } from './inventory-fixtures';
import { readPart, revisionXml } from './part-fixtures';
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
  it('answers the show form: currency and status, the vendor element, every line field in order', async () => {
    const p = await purchasingSetting(target);
    const number = `${p.day(0)}-show`;
    await importOk(target, [
      orderXml(p, { number, status: 'pending', currency: 'EUR', created_on: `${p.day(2)} 10:00:00 +0000`, notes: 'Rush <please> & thanks', emailed_at: `${p.day(2)}T11:30:00+00:00` }, [
        itemXml({ part_id: p.partId, unit_id: p.unitId, vendor_id: p.vendor.id, partnumber: p.partnumber, manufacturer_pn: p.manufacturerPn, quantity: '250', price: '0.125', vendor_pn: 'DK-1', vendor_promise_date: p.day(9), comment: 'first line' }),
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
      status: 'pending',
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
        manufacturer_pn: p.manufacturerPn,
        quantity: '250.0',
        price: '0.125',
        comment: 'first line',
        received_quantity: null,
        received_at: null,
        vendor_promise_date: p.day(9),
        vendor_pn: 'DK-1',
        position: '1',
      },
      { quantity: '3.5', price: null, position: '9', vendor_id: String(p.vendor.id) },
    ]);
    expect(items.map((item) => Number(item.id))).toEqual([...items.map((item) => Number(item.id))].sort((a, b) => a - b));
  });

  it('describes a line named only by its part and revision as they were at import, and keeps it so after they and the manufacturer are renamed', async () => {
    const p = await purchasingSetting(target);
    await importOk(target, [
      orderXml(p, { number: `${p.day(0)}-named`, created_on: `${p.day(1)} 10:00:00 +0000` }, [
        itemXml({ part_id: p.partId, part_revision_id: p.revision.id, quantity: '4' }),
        itemXml({ part_revision_id: p.revision.id, quantity: '2' }),
      ]),
    ]);
    const [id] = await orderIds(p);
    const described = {
      vendor_id: String(p.vendor.id),
      part_id: String(p.partId),
      part_revision_id: String(p.revision.id),
      partnumber: p.partnumber,
      part_revision_name: p.revision.name,
      manufacturer: p.manufacturer.name,
      manufacturer_pn: p.manufacturerPn,
    };
    const { items } = await showOrder(p, id!);
    expect(items).toMatchObject([described, described]);

    const renamed = { partnumber: unique('PO-renamed'), manufacturer_pn: unique('mpn-renamed') };
    const maker = unique('mfr-renamed');
    expectStatus(await put(target, `/part/${p.partId}`, { body: xmlBody('part', renamed, revisionXml({ revision_name: 'Z' })) }), 200);
    expectStatus(await put(target, `/manufacturer/${p.manufacturer.id}`, { body: xmlBody('manufacturer', { name: maker }) }), 200);
    expect(await readPart(target, p.partId)).toMatchObject({ ...renamed, revision: { revision_name: 'Z' }, manufacturer_family: { name: maker } });
    expect((await showOrder(p, id!)).items).toEqual(items);
  });

  it('imports nothing from a file whose line contradicts the part, revision or vendor it names', async () => {
    const p = await purchasingSetting(target);
    const other = idOf(await createVendor(target));
    const outcome = await importOrders(
      target,
      ordersFile([
        orderXml(p, { number: `${p.day(0)}-contradicts`, created_on: `${p.day(1)} 10:00:00 +0000` }, [
          itemXml({ part_id: p.partId, partnumber: `${p.partnumber}-X`, quantity: '1' }),
          itemXml({ part_id: p.partId, part_revision_id: p.revision.id, part_revision_name: 'Q', vendor_id: other, quantity: '1' }),
        ]),
      ]),
    );
    const place = `purchase_order 1 (${p.day(0)}-contradicts)`;
    expect(outcome).toEqual({
      ok: false,
      problems: [
        `${place}, purchase_item 1: Partnumber '${p.partnumber}-X' is not the part's '${p.partnumber}': leave it out to take the part's`,
        `${place}, purchase_item 2: Vendor must be the order's vendor`,
        `${place}, purchase_item 2: Part revision name 'Q' is not the revision's '${p.revision.name}': leave it out to take the revision's`,
      ],
    });
    expect(await orderIds(p)).toEqual([]);
  });

  it('imports lines sent in several wrappers as one list: the whole list sent again counts once, two equal lines stay two', async () => {
    const p = await purchasingSetting(target);
    const lines = [itemXml({ part_id: p.partId, quantity: '1' }), itemXml({ part_id: p.partId, quantity: '2' })].join('');
    const order = orderXml(p, { number: `${p.day(0)}-wrappers`, created_on: `${p.day(1)} 10:00:00 +0000` }).replace(
      /<purchase_items type="array"><\/purchase_items>/,
      `<purchase_items>${lines}</purchase_items><purchase_items type="array">${lines}</purchase_items><purchase_items>${lines}${lines}</purchase_items>`,
    );
    await importOk(target, [order]);
    const [id] = await orderIds(p);
    const { items } = await showOrder(p, id!);
    expect(items.map((item) => [item.position, item.quantity])).toEqual([
      ['1', '1.0'],
      ['2', '2.0'],
      ['3', '1.0'],
      ['4', '2.0'],
      ['5', '1.0'],
      ['6', '2.0'],
    ]);
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
