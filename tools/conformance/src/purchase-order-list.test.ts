import { describe, expect, it } from 'vitest';
import { get } from './client';
import { TS_SPACE, expectList, expectMessage, idOf, type Rec } from './expect-xml';
import { pagination } from './part-fixtures';
import { importOk, orderXml, purchaseOrderForms, purchasingSetting, type Purchasing } from './purchase-order-fixtures';
import { targets } from './suite';

/** The orders of a query, as the list answers them (the form checked field by field). */
async function listed(p: Purchasing, query: string): Promise<Rec[]> {
  return expectList(await get(p.target, '/purchase_orders', { query }), 'purchase_orders', 'purchase_order', purchaseOrderForms.listed);
}

const range = (p: Purchasing, from: number, to: number) => `start_date=${p.day(from)}&end_date=${p.day(to)}`;
const numbersOf = (orders: readonly Rec[]) => orders.map((order) => order.number);

describe.each(targets())('purchase order list on $name', (target) => {
  it('answers the list form field by field, newest first, each order once', async () => {
    const p = await purchasingSetting(target);
    await importOk(target, [
      orderXml(p, { number: `${p.day(1)}-A`, status: 'open', created_on: `${p.day(1)} 09:00:00 +0000`, payment_terms: 'Net 30', ship_to: 'Dock 4\nBuilding B', ticket: 'T-1' }),
      orderXml(p, { number: `${p.day(3)}-B`, status: 'draft', created_on: `${p.day(3)}T08:00:00+00:00` }),
      orderXml(p, { number: `${p.day(2)}-C`, status: 'closed', created_on: `${p.day(2)} 23:00:00 -0100` }),
    ]);
    const orders = await listed(p, range(p, 0, 5));
    // C was created at 23:00 -0100 on day 2: midnight of day 3, before B.
    expect(numbersOf(orders)).toEqual([`${p.day(3)}-B`, `${p.day(2)}-C`, `${p.day(1)}-A`]);
    const first = orders[2]!;
    expect(orders.map((order) => order.status)).toEqual(['draft', 'closed', 'open']);
    expect(first).toMatchObject({
      vendor_id: String(p.vendor.id),
      site_id: null,
      purchase_id: null,
      number: `${p.day(1)}-A`,
      created_on: `${p.day(1)} 09:00:00 +0000`,
      payment_terms: 'Net 30',
      ship_to: 'Dock 4\nBuilding B',
      ticket: 'T-1',
      emailed_at: null,
    });
    expect(first.updated_at).toMatch(TS_SPACE);
    expect(Number(first.id)).toBeGreaterThan(0);
  });

  it('filters by each status, which each order shows', async () => {
    const p = await purchasingSetting(target);
    const statuses = ['draft', 'pending', 'open', 'closed'];
    await importOk(target, statuses.map((status, i) => orderXml(p, { number: `${p.day(0)}-${status}`, status, created_on: `${p.day(0)} 0${i}:00:00 +0000` })));
    for (const status of statuses) {
      const orders = await listed(p, `${range(p, 0, 0)}&status=${status}`);
      expect(orders.map((order) => [order.number, order.status]), status).toEqual([[`${p.day(0)}-${status}`, status]]);
    }
    expect(numbersOf(await listed(p, range(p, 0, 0)))).toEqual(statuses.map((status) => `${p.day(0)}-${status}`).reverse());
  });

  it('keeps both days of the range whole, and nothing a second outside it', async () => {
    const p = await purchasingSetting(target);
    const at = (day: number, time: string, name: string) => orderXml(p, { number: `${p.day(0)}-${name}`, created_on: `${p.day(day)} ${time} +0000` });
    await importOk(target, [
      at(9, '23:59:59', 'before'),
      at(10, '00:00:00', 'first'),
      at(11, '12:00:00', 'middle'),
      at(12, '23:59:59', 'last'),
      at(13, '00:00:00', 'after'),
    ]);
    expect(numbersOf(await listed(p, range(p, 10, 12)))).toEqual(['last', 'middle', 'first'].map((n) => `${p.day(0)}-${n}`));
    expect(numbersOf(await listed(p, range(p, 11, 11)))).toEqual([`${p.day(0)}-middle`]);
    expect(numbersOf(await listed(p, range(p, 14, 20)))).toEqual([]);
  });

  it('refuses a bad status or range with SPEC 7’s 400 bodies, and the list is as it was', async () => {
    const p = await purchasingSetting(target);
    await importOk(target, [orderXml(p, { number: `${p.day(0)}-only`, status: 'open', created_on: `${p.day(1)} 10:00:00 +0000` })]);
    const before = await listed(p, range(p, 0, 5));
    const refused: Array<[string, string]> = [
      ['status=shipped', "Invalid status 'shipped' requested."],
      ['status=OPEN', "Invalid status 'OPEN' requested."],
      [`start_date=${p.day(0)}`, 'Missing end date for date range.'],
      [`start_date=${p.day(0)}&end_date=2026-02-30`, 'Invalid end date for date range.'],
      [`start_date=${p.day(0)}&end_date=tomorrow`, 'Invalid end date for date range.'],
      [`end_date=${p.day(5)}`, 'Missing start date for date range.'],
      [`start_date=03/01/2026&end_date=${p.day(5)}`, 'Invalid start date for date range.'],
      [`start_date=${p.day(5)}&end_date=${p.day(0)}`, 'Start date is after end date for date range.'],
    ];
    for (const [query, message] of refused) expectMessage(await get(target, '/purchase_orders', { query }), 400, message);
    expect(await listed(p, range(p, 0, 5))).toEqual(before);
  });

  it('pages with X-Pagination, past the end out of range, per_page 0 as no page', async () => {
    const p = await purchasingSetting(target);
    await importOk(target, [1, 2, 3, 4, 5].map((n) => orderXml(p, { number: `${p.day(0)}-${n}`, created_on: `${p.day(0)} 0${n}:00:00 +0000` })));
    const page = async (query: string) => {
      const reply = await get(target, '/purchase_orders', { query: `${range(p, 0, 0)}&${query}` });
      const orders = expectList(reply, 'purchase_orders', 'purchase_order', purchaseOrderForms.listed);
      return { numbers: numbersOf(orders).map((n) => String(n).split('-').at(-1)), header: pagination(reply) };
    };
    expect(await page('per_page=2')).toEqual({
      numbers: ['5', '4'],
      header: { total_entries: 5, total_pages: 3, per_page: 2, current_page: 1, first_page: true, last_page: false, previous_page: null, next_page: 2, out_of_range: false },
    });
    expect(await page('per_page=2&page=3')).toMatchObject({ numbers: ['1'], header: { current_page: 3, last_page: true, previous_page: 2, next_page: null } });
    expect(await page('per_page=2&page=4')).toMatchObject({ numbers: [], header: { out_of_range: true, previous_page: 3, next_page: null } });
    expect(await page('page=1')).toMatchObject({ numbers: ['5', '4', '3', '2', '1'], header: { per_page: 25, total_pages: 1 } });
    const whole = await get(target, '/purchase_orders', { query: `${range(p, 0, 0)}&per_page=0` });
    expect(whole.headers.get('x-pagination')).toBeNull();
    expect(numbersOf(expectList(whole, 'purchase_orders', 'purchase_order', purchaseOrderForms.listed))).toHaveLength(5);
    expectMessage(await get(target, '/purchase_orders', { query: 'page=0' }), 400, 'Invalid value for parameter page: a whole number of 1 or more');
  });

  it('lists an order the import brought in with the ids the store gave', async () => {
    const p = await purchasingSetting(target);
    await importOk(target, [orderXml(p, { id: 1, number: `${p.day(0)}-ids`, created_on: `${p.day(0)} 10:00:00 +0000` })]);
    const [order] = await listed(p, range(p, 0, 0));
    const shown = await get(target, `/purchase_orders/${idOf(order!)}`);
    expect(shown.status).toBe(200);
    expect((shown.xml?.purchase_order as Rec).number).toBe(`${p.day(0)}-ids`);
  });
});
