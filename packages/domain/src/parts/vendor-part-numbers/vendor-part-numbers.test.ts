import { describe, expect, it } from 'vitest';
import { createRecord } from '../../reference/engine/create-record';
import { parseRecord } from '../../reference/engine/record-input';
import { vendorResource } from '../../reference/vendor';
import { fakeContext, type FakeContext } from '../../test';
import { createPart } from '../../views/part-writes';
import { parseCreatePart } from '../create-part/create-part-input';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import { addVendorPartNumber } from './add-vendor-part-number';
import { parseVendorPartNumber } from './vendor-part-number-input';
import { removeVendorPartNumber } from './remove-vendor-part-number';

async function setting(ctx: FakeContext) {
  const part = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx))));
  const vendor = await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Mouser' }));
  return { part_id: String(part.part.id), vendor_id: String(vendor.row.id) };
}

describe('addVendorPartNumber', () => {
  it('writes the number with the time it was made', async () => {
    const now = new Date('2025-03-04T05:06:07Z');
    const ctx = fakeContext({ now });
    const ids = await setting(ctx);
    await addVendorPartNumber(ctx, parseVendorPartNumber({ ...ids, part_number: '603-RC0402', comment: 'tape' }));
    expect(await ctx.store.rows('vendor_part_number')).toMatchObject([
      { part_number: '603-RC0402', comment: 'tape', unit_id: null, created_at: now, updated_at: now },
    ]);
  });

  it('names every unknown id at once and writes nothing', async () => {
    const ctx = fakeContext();
    await expect(addVendorPartNumber(ctx, parseVendorPartNumber({ part_id: '7', vendor_id: '8', part_number: 'X' }))).rejects.toMatchObject({
      code: 'invalid',
      messages: ['Part must exist', 'Vendor must exist'],
    });
    expect(await ctx.store.rows('vendor_part_number')).toEqual([]);
  });
});

describe('removeVendorPartNumber', () => {
  it('deletes the number, then answers 404 for it', async () => {
    const ctx = fakeContext();
    const ids = await setting(ctx);
    await addVendorPartNumber(ctx, parseVendorPartNumber({ ...ids, part_number: 'A' }));
    const [number] = await ctx.store.rows('vendor_part_number');
    await removeVendorPartNumber(ctx, number!.id);
    expect(await ctx.store.rows('vendor_part_number')).toEqual([]);
    await expect(removeVendorPartNumber(ctx, number!.id)).rejects.toMatchObject({
      code: 'not_found',
      messages: [`Couldn't find VendorPartnumber with 'id'=${number!.id}`],
    });
  });
});
