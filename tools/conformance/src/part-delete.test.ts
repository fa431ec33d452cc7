import { describe, expect, it } from 'vitest';
import { del, get, post, unique, xmlBody } from './client';
import { UNKNOWN_ID, expectEmpty, expectErrors, expectMessage, expectNestedArray, expectNotFound, idOf } from './expect-xml';
import { createVendor, read } from './fixtures';
import { createPart, listParts, partSetting, readPart } from './part-fixtures';
import { partForms } from './part-forms';
import { targets } from './suite';

describe.each(targets())('part delete on $name', (target) => {
  it('answers 200 with an empty body; the part is gone', async () => {
    const id = idOf(await createPart(target, await partSetting(target)));
    expectEmpty(await del(target, `/part/${id}`));
    expectNotFound(await get(target, `/part/${id}`), 'Part', id);
    expect((await listParts(target)).map((part) => part.id)).not.toContain(String(id));
    expectNotFound(await del(target, `/part/${id}`), 'Part', id);
  });

  it('finds the part by number with find_by=partnumber', async () => {
    const partnumber = unique('PN');
    const id = idOf(await createPart(target, await partSetting(target), { partnumber }));
    expectEmpty(await del(target, `/part/${encodeURIComponent(partnumber)}`, { query: 'find_by=partnumber' }));
    expectNotFound(await get(target, `/part/${id}`), 'Part', id);
    expectMessage(
      await del(target, `/part/${encodeURIComponent(partnumber)}`, { query: 'find_by=partnumber' }),
      404,
      `Couldn't find Part with 'partnumber'=${partnumber}`,
    );
  });

  it('takes its revisions, alternates both ways, vendor part numbers and quotes along', async () => {
    const setting = await partSetting(target);
    const alternatesOf = (id: number) => `<alternate_parts><alternate_part><part_id>${id}</part_id></alternate_part></alternate_parts>`;
    const alternate = idOf(await createPart(target, setting));
    const doomed = idOf(await createPart(target, setting, {}, { revision_name: 'A', x_package: '0402' }, alternatesOf(alternate)));
    const pointing = idOf(await createPart(target, setting, {}, { revision_name: 'A' }, alternatesOf(doomed)));
    const vendor = idOf(await createVendor(target));
    const number = { part_id: doomed, vendor_id: vendor, part_number: 'V1' };
    expectEmpty(await post(target, '/vendor_partnumber', { body: xmlBody('vendor_partnumber', number) }));
    expectEmpty(await post(target, '/quote', { body: xmlBody('quote', { part_id: doomed, vendor_id: vendor, price: '1' }) }));
    const shown = await get(target, `/part/${doomed}`);
    const [numberShown] = expectNestedArray(shown, 'vendor_part_numbers', 'vendor_part_number', partForms.vendorPartNumber);
    const [quoteShown] = expectNestedArray(shown, 'quotes', 'quote', partForms.quote);

    expectEmpty(await del(target, `/part/${doomed}`));
    expect((await readPart(target, pointing)).alternate_parts).toEqual([]);
    expect((await readPart(target, alternate)).id).toBe(String(alternate));
    expectNotFound(await del(target, `/vendor_partnumber/${numberShown?.id}`), 'VendorPartnumber', String(numberShown?.id));
    expectNotFound(await del(target, `/quote/${quoteShown?.id}`), 'Quote', String(quoteShown?.id));
    expect((await read(target, 'vendor', vendor)).id).toBe(String(vendor));
  });

  it('answers 404 for an unknown or non-integer id', async () => {
    expectNotFound(await del(target, `/part/${UNKNOWN_ID}`), 'Part', UNKNOWN_ID);
    expectNotFound(await del(target, '/part/x1'), 'Part', 'x1');
  });

  describe('records a part uses cannot be deleted', () => {
    it.each([
      ['manufacturer', 'manufacturer_id'],
      ['vendor', 'preferred_vendor_id'],
      ['parttype', 'parttype_id'],
      ['unit', 'unit_id'],
    ] as const)('a %s: 422, and both stay', async (resource, column) => {
      const setting = await partSetting(target);
      const vendor = idOf(await createVendor(target));
      const part = await createPart(target, setting, { preferred_vendor_id: vendor });
      const ids = { manufacturer: setting.manufacturerId, vendor, parttype: setting.parttypeId, unit: setting.unitId };
      const before = await read(target, resource, ids[resource]);
      expectErrors(await del(target, `/${resource}/${ids[resource]}`), 422, ['Cannot delete record because dependent parts exist']);
      expect(await read(target, resource, ids[resource])).toEqual(before);
      const after = await readPart(target, idOf(part));
      expect(after[column]).toBe(String(ids[resource]));
      expect(after).toEqual(part);
    });
  });
});
