import { describe, expect, it } from 'vitest';
import { del, formBody, get, post, xmlBody } from './client';
import { UNKNOWN_ID, expectEmpty, expectErrors, expectMessage, expectNestedArray, expectNotFound, idOf, type Rec } from './expect-xml';
import { createUnit, createVendor } from './fixtures';
import { createPart, partSetting } from './part-fixtures';
import { partForms } from './part-forms';
import type { Target } from './targets';
import { targets } from './suite';

async function numbersOf(target: Target, partId: number): Promise<Rec[]> {
  return expectNestedArray(await get(target, `/part/${partId}`), 'vendor_part_numbers', 'vendor_part_number', partForms.vendorPartNumber);
}

describe.each(targets())('vendor_partnumber on $name', (target) => {
  it('records a vendor part number: 200, empty body, the part shows it', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    const unit = idOf(await createUnit(target));
    const body = xmlBody('vendor_partnumber', { part_id: part, vendor_id: vendor, unit_id: unit, part_number: 'V-100 <reel>', comment: 'cut tape too' });
    expectEmpty(await post(target, '/vendor_partnumber', { body }));
    const [shown, ...rest] = await numbersOf(target, part);
    expect(rest).toEqual([]);
    expect(shown).toMatchObject({ vendor_id: String(vendor), part_number: 'V-100 <reel>', comment: 'cut tape too' });
    expect(shown?.id).toMatch(/^\d+$/);
  });

  it('takes a form body and keeps several numbers of one part in order', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    for (const number of ['A-1', 'B-2']) {
      expectEmpty(await post(target, '/vendor_partnumber', { form: formBody('vendor_partnumber', { part_id: part, vendor_id: vendor, part_number: number }) }));
    }
    expect((await numbersOf(target, part)).map((n) => [n.part_number, n.comment])).toEqual([
      ['A-1', null],
      ['B-2', null],
    ]);
  });

  it('names every missing or invalid field at once (400) and records nothing', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    expectErrors(await post(target, '/vendor_partnumber', { body: xmlBody('vendor_partnumber', { part_id: part, unit_id: '1.5' }) }), 400, [
      "Vendor can't be blank",
      'Unit must be an integer',
      "Part number can't be blank",
    ]);
    expectErrors(await post(target, '/vendor_partnumber', { body: '<vendor_partnumber/>' }), 400, [
      "Part can't be blank",
      "Vendor can't be blank",
      "Part number can't be blank",
    ]);
    expectMessage(await post(target, '/vendor_partnumber', { body: xmlBody('quote', { part_id: part }) }), 400, 'Expected the root element <vendor_partnumber>');
    expect(await numbersOf(target, part)).toEqual([]);
  });

  it('refuses unknown part, vendor or unit ids as field errors (400), all at once, and records nothing', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    const body = xmlBody('vendor_partnumber', { part_id: UNKNOWN_ID, vendor_id: UNKNOWN_ID, unit_id: UNKNOWN_ID, part_number: 'X' });
    expectErrors(await post(target, '/vendor_partnumber', { body }), 400, ['Part must exist', 'Vendor must exist', 'Unit must exist']);
    const unknownUnit = xmlBody('vendor_partnumber', { part_id: part, vendor_id: vendor, unit_id: UNKNOWN_ID, part_number: 'X' });
    expectErrors(await post(target, '/vendor_partnumber', { body: unknownUnit }), 400, ['Unit must exist']);
    expect(await numbersOf(target, part)).toEqual([]);
  });

  it('deletes one: 200, empty body, gone from the part; then 404', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    for (const number of ['keep', 'drop']) {
      expectEmpty(await post(target, '/vendor_partnumber', { body: xmlBody('vendor_partnumber', { part_id: part, vendor_id: vendor, part_number: number }) }));
    }
    const drop = (await numbersOf(target, part)).find((n) => n.part_number === 'drop');
    expectEmpty(await del(target, `/vendor_partnumber/${String(drop?.id)}`));
    expect((await numbersOf(target, part)).map((n) => n.part_number)).toEqual(['keep']);
    expectNotFound(await del(target, `/vendor_partnumber/${String(drop?.id)}`), 'VendorPartnumber', String(drop?.id));
    expectNotFound(await del(target, '/vendor_partnumber/abc'), 'VendorPartnumber', 'abc');
    expect((await numbersOf(target, part)).map((n) => n.part_number)).toEqual(['keep']);
  });

  it('refuses to delete a vendor its part numbers name (422) and changes nothing', async () => {
    const part = idOf(await createPart(target, await partSetting(target)));
    const vendor = idOf(await createVendor(target));
    expectEmpty(await post(target, '/vendor_partnumber', { body: xmlBody('vendor_partnumber', { part_id: part, vendor_id: vendor, part_number: 'N' }) }));
    expectErrors(await del(target, `/vendor/${vendor}`), 422, ['Cannot delete record because dependent vendor part numbers exist']);
    expect((await numbersOf(target, part)).map((n) => n.part_number)).toEqual(['N']);
    expect((await get(target, `/vendor/${vendor}`)).status).toBe(200);
  });
});
