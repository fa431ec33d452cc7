import { describe, expect, it } from 'vitest';
import { del, get, post, xmlBody } from './client';
import { TS_SPACE, UNKNOWN_ID, expectEmpty, expectErrors, expectNestedArray, expectNotFound, idOf, type Rec } from './expect-xml';
import { createUnit, createVendor } from './fixtures';
import { createPart, partSetting } from './part-fixtures';
import { partForms } from './part-forms';
import type { Target } from './targets';
import { targets } from './suite';

async function quotesOf(target: Target, partId: number): Promise<Rec[]> {
  return expectNestedArray(await get(target, `/part/${partId}`), 'quotes', 'quote', partForms.quote);
}

/** TS-SPACE (`2025-01-01 00:00:03 +0000`) to milliseconds. */
const instant = (text: unknown): number => {
  expect(text).toMatch(TS_SPACE);
  const [date, time, zone] = String(text).split(' ');
  return Date.parse(`${date}T${time}${String(zone).slice(0, 3)}:${String(zone).slice(3)}`);
};

const DAY_MS = 86_400_000;

describe.each(targets())('quote on $name', (target) => {
  it('records a quote: 200, empty body; the part shows it with its currency and expiry', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    const unit = idOf(await createUnit(target));
    const fields = { part_id: part, vendor_id: vendor, unit_id: unit, currency_id: 'eur', price: '0.2500', quantity_min: '100', quantity_mult: '10', leadtime: 14, valid_for: 30 };
    expectEmpty(await post(target, '/quote', { body: xmlBody('quote', fields) }));
    const [quote, ...rest] = await quotesOf(target, part);
    expect(rest).toEqual([]);
    expect(quote).toMatchObject({
      vendor_id: String(vendor),
      price: '0.25',
      quantity_min: '100.0',
      quantity_mult: '10.0',
      leadtime: '14',
      unit_id: String(unit),
      unit_conversion_id: null,
      inventory: null,
      comment: null,
      currency: 'EUR',
    });
    expect(instant(quote?.expires_on) - instant(quote?.updated_on)).toBe(30 * DAY_MS);
  });

  it('takes the site currency when none is named, and never expires without valid_for', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    expectEmpty(await post(target, '/quote', { body: xmlBody('quote', { part_id: part, vendor_id: vendor, price: '3' }) }));
    const [quote] = await quotesOf(target, part);
    expect(quote).toMatchObject({ price: '3.0', currency: 'USD', expires_on: null, leadtime: null });
    expect(quote?.updated_on).toMatch(TS_SPACE);
  });

  it('names every bad field at once (400) and records nothing', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const body = xmlBody('quote', { part_id: part, price: '-1', currency_id: 'ZZZ', leadtime: '-2', valid_for: '0', quantity_min: 'many' });
    expectErrors(await post(target, '/quote', { body }), 400, [
      "Vendor can't be blank",
      'Price must be greater than or equal to 0',
      'Quantity min is not a number',
      'Currency is not a known ISO 4217 currency code',
      'Leadtime must be greater than or equal to 0',
      'Valid for must be greater than 0',
    ]);
    expect(await quotesOf(target, part)).toEqual([]);
  });

  it('refuses unknown part, vendor or unit ids as field errors (400) and records nothing', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    const body = xmlBody('quote', { part_id: UNKNOWN_ID, vendor_id: UNKNOWN_ID, unit_id: UNKNOWN_ID, price: '1' });
    expectErrors(await post(target, '/quote', { body }), 400, ['Part must exist', 'Vendor must exist', 'Unit must exist']);
    const unknownUnit = xmlBody('quote', { part_id: part, vendor_id: vendor, unit_id: UNKNOWN_ID, price: '1' });
    expectErrors(await post(target, '/quote', { body: unknownUnit }), 400, ['Unit must exist']);
    expect(await quotesOf(target, part)).toEqual([]);
  });

  it('deletes one: 200, empty body, gone from the part; then 404', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    for (const price of ['1', '2']) {
      expectEmpty(await post(target, '/quote', { body: xmlBody('quote', { part_id: part, vendor_id: vendor, price }) }));
    }
    const [first, second] = await quotesOf(target, part);
    expectEmpty(await del(target, `/quote/${String(first?.id)}`));
    expect((await quotesOf(target, part)).map((q) => q.id)).toEqual([second?.id]);
    expectNotFound(await del(target, `/quote/${String(first?.id)}`), 'Quote', String(first?.id));
    expect((await quotesOf(target, part)).map((q) => q.id)).toEqual([second?.id]);
  });

  it('refuses to delete a vendor its quotes name (422) and changes nothing', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    expectEmpty(await post(target, '/quote', { body: xmlBody('quote', { part_id: part, vendor_id: vendor, price: '1' }) }));
    expectErrors(await del(target, `/vendor/${vendor}`), 422, ['Cannot delete record because dependent quotes exist']);
    expect(await quotesOf(target, part)).toHaveLength(1);
    expect((await get(target, `/vendor/${vendor}`)).status).toBe(200);
  });
});
