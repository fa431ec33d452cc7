import { describe, expect, it } from 'vitest';
import { get, post, unique, xmlBody } from './client';
import { UNKNOWN_ID, expectEmpty, expectMessage, expectNestedArray, expectNotFound, idOf, type Rec } from './expect-xml';
import { createVendor } from './fixtures';
import { createPart, expectPartShow, partSetting } from './part-fixtures';
import { partForms } from './part-forms';
import { targets } from './suite';

describe.each(targets())('part show on $name', (target) => {
  it('answers the show form by id, and by part number with find_by=partnumber', async () => {
    const setting = await partSetting(target);
    const partnumber = unique('PN/with space&amp');
    const created = await createPart(target, setting, { partnumber }, { revision_name: 'A', x_package: 'SOT-23' });
    const byId = expectPartShow(await get(target, `/part/${idOf(created)}`), ['x_package']);
    expect(byId).toEqual(created);
    const byNumber = await get(target, `/part/${encodeURIComponent(partnumber)}`, { query: 'find_by=partnumber' });
    expect(expectPartShow(byNumber, ['x_package'])).toEqual(created);
  });

  it('shows the revision revision_id selects when it is one of the part', async () => {
    const setting = await partSetting(target);
    const created = await createPart(target, setting);
    const revisionId = (created.revision as Rec).id;
    const reply = await get(target, `/part/${idOf(created)}`, { query: `revision_id=${revisionId}` });
    expect(expectPartShow(reply)).toEqual(created);
  });

  it("answers 404 for another part's revision or one that does not exist", async () => {
    const setting = await partSetting(target);
    const part = await createPart(target, setting);
    const other = await createPart(target, setting);
    const otherRevision = (other.revision as Rec).id;
    const path = `/part/${idOf(part)}`;
    expectNotFound(await get(target, path, { query: `revision_id=${otherRevision}` }), 'PartRevision', String(otherRevision));
    expectNotFound(await get(target, path, { query: `revision_id=${UNKNOWN_ID}` }), 'PartRevision', UNKNOWN_ID);
    expectNotFound(await get(target, path, { query: 'revision_id=first' }), 'PartRevision', 'first');
  });

  it('lists vendor part numbers and quotes in their forms', async () => {
    const setting = await partSetting(target);
    const part = idOf(await createPart(target, setting));
    const vendor = idOf(await createVendor(target));
    const number = { part_id: part, vendor_id: vendor, unit_id: setting.unitId, part_number: 'DK-123-ND', comment: 'cut tape' };
    expectEmpty(await post(target, '/vendor_partnumber', { body: xmlBody('vendor_partnumber', number) }));
    const quote = { part_id: part, vendor_id: vendor, price: '0.1200', quantity_min: '100', leadtime: '14', currency_id: 'eur' };
    expectEmpty(await post(target, '/quote', { body: xmlBody('quote', quote) }));
    const reply = await get(target, `/part/${part}`);
    expectPartShow(reply);
    const [shownNumber] = expectNestedArray(reply, 'vendor_part_numbers', 'vendor_part_number', partForms.vendorPartNumber);
    expect(shownNumber).toMatchObject({ vendor_id: String(vendor), part_number: 'DK-123-ND', comment: 'cut tape' });
    expect(shownNumber?.id).toMatch(/^\d+$/);
    const [shownQuote] = expectNestedArray(reply, 'quotes', 'quote', partForms.quote);
    expect(shownQuote).toMatchObject({
      vendor_id: String(vendor),
      price: '0.12',
      quantity_min: '100.0',
      leadtime: '14',
      expires_on: null,
      currency: 'EUR',
    });
  });

  it('answers 404 for an unknown id, a non-integer id, or an unknown part number', async () => {
    expectNotFound(await get(target, `/part/${UNKNOWN_ID}`), 'Part', UNKNOWN_ID);
    expectNotFound(await get(target, '/part/abc'), 'Part', 'abc');
    const missing = unique('no-such-pn');
    expectMessage(
      await get(target, `/part/${missing}`, { query: 'find_by=partnumber' }),
      404,
      `Couldn't find Part with 'partnumber'=${missing}`,
    );
  });

  it('answers 400 for a find_by other than partnumber', async () => {
    expectMessage(await get(target, '/part/1', { query: 'find_by=manufacturer_pn' }), 400, 'Invalid value for parameter find_by');
  });
});
