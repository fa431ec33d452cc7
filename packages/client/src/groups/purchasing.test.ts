import { describe, expect, it } from 'vitest';
import { isPipsApiError } from '../errors/api-error';
import { onHarness } from '../testing/on-harness.test-helper';
import { referenceSetting } from '../testing/reference-setting';

const on = onHarness();

/** Orders come in by import (the harness's stand-in for `pips import purchase-orders`): the show form's XML. */
async function importOrders(orders: string): Promise<void> {
  const body = `<purchase_orders type="array">${orders}</purchase_orders>`;
  const reply = await fetch(`${on.harness.url}/__harness/purchase_orders`, { method: 'POST', body, headers: { 'Content-Type': 'application/xml' } });
  expect(reply.status, await reply.text()).toBe(200);
}

describe('purchase orders through the client', () => {
  it('lists orders newest first (whole, a page, every page, by status and days) and shows one with its lines', async () => {
    const setting = await referenceSetting(on.client, 'po');
    const part = await on.client.parts.create({
      manufacturer_pn: 'BOLT',
      manufacturer_id: setting.manufacturerId,
      parttype_id: setting.parttypeId,
      unit_id: setting.eachId,
      revision: { revision_name: 'A' },
    });
    const vendor = `<vendor><id>${setting.vendorId}</id><name>Vendor po</name></vendor>`;
    const item = `<purchase_items type="array"><purchase_item><part_id>${part.id}</part_id><quantity>2500</quantity><price>0.0125</price><vendor_promise_date>2024-03-09</vendor_promise_date></purchase_item></purchase_items>`;
    await importOrders(
      [
        `<purchase_order>${vendor}<number>PO-1</number><status>open</status><created_on>2024-03-01 10:00:00 +0000</created_on><ship_to>Dock 1\nGate B</ship_to>${item}</purchase_order>`,
        `<purchase_order>${vendor}<number>PO-2</number><status>closed</status><created_on>2024-03-02 10:00:00 +0000</created_on></purchase_order>`,
        `<purchase_order>${vendor}<number>PO-3</number><status>open</status><created_on>2024-04-02 10:00:00 +0000</created_on></purchase_order>`,
      ].join(''),
    );
    expect((await on.client.purchaseOrders.list()).map((order) => [order.number, order.status])).toEqual([
      ['PO-3', 'open'],
      ['PO-2', 'closed'],
      ['PO-1', 'open'],
    ]);
    expect((await on.client.purchaseOrders.list({ status: 'open', start_date: '2024-03-01', end_date: '2024-03-31' })).map((order) => order.number)).toEqual(['PO-1']);
    const page = await on.client.purchaseOrders.page({ status: 'open', per_page: 1 });
    expect([page.items.map((order) => order.number), page.pagination.total_entries, page.pagination.next_page]).toEqual([['PO-3'], 2, 2]);
    const walked = [];
    for await (const order of on.client.purchaseOrders.all({ per_page: 2 })) walked.push(order.number);
    expect(walked).toEqual(['PO-3', 'PO-2', 'PO-1']);

    const [, , first] = await on.client.purchaseOrders.list();
    const shown = await on.client.purchaseOrders.show(first!.id);
    expect(shown).toMatchObject({
      number: 'PO-1',
      vendor: { id: setting.vendorId, name: 'Vendor po' },
      created_on: '2024-03-01 10:00:00 +0000',
      ship_to: 'Dock 1\nGate B',
      currency: 'USD',
      status: 'open',
    });
    // The line named only its part: the rest is the part's and the order's, as they were at import.
    expect(shown.purchase_items).toEqual([
      expect.objectContaining({
        purchase_id: shown.id,
        vendor_id: setting.vendorId,
        part_id: part.id,
        partnumber: part.partnumber,
        manufacturer: 'Maker po',
        manufacturer_pn: 'BOLT',
        part_revision_id: null,
        part_revision_name: null,
        quantity: '2500.0',
        price: '0.0125',
        vendor_promise_date: '2024-03-09',
        position: 1,
      }),
    ]);
  });

  it('gives the spec’s 400 message for a bad status filter', async () => {
    const refused = await on.client.purchaseOrders.list({ status: 'OPEN' as 'open' }).catch((error: unknown) => error);
    expect(isPipsApiError(refused, 'bad_request')).toBe(true);
    expect(refused).toMatchObject({ status: 400, messages: ["Invalid status 'OPEN' requested."], items: [] });
  });

  it('called every function of its groups', () => {
    expect(on.recorded.uncalled(['purchaseOrders'])).toEqual([]);
  });
});
