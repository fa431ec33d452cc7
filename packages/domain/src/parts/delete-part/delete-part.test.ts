import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../test';
import { addQuote } from '../quotes/add-quote';
import { parseQuote } from '../quotes/quote-input';
import { addVendorPartNumber } from '../vendor-part-numbers/add-vendor-part-number';
import { parseVendorPartNumber } from '../vendor-part-numbers/vendor-part-number-input';
import { createPart } from '../../views/part-writes';
import { parseCreatePart } from '../create-part/create-part-input';
import { partBody, partSetting } from '../../scenarios/part-setting.test-helper';
import { createRecord } from '../../reference/engine/create-record';
import { parseRecord } from '../../reference/engine/record-input';
import { vendorResource } from '../../reference/vendor';
import type { DeleteGuard } from './delete-guards';
import { deletePart } from './delete-part';
import { addSubpart } from '../../revisions/subparts/change-subparts';
import { parseSubpart } from '../../revisions/subparts/subpart-input';

describe('deletePart', () => {
  it('refuses with every guard message (422) and deletes nothing', async () => {
    const ctx = fakeContext();
    const view = await createPart(ctx, parseCreatePart(partBody(await partSetting(ctx))));
    const seen: number[] = [];
    const guards: DeleteGuard[] = [
      ({ part }) => (seen.push(part.id), 'Cannot delete a part that holds stock'),
      () => null,
      () => 'Cannot delete a part used on a bill of material',
    ];
    await expect(deletePart(ctx, { id: view.part.id }, guards)).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['Cannot delete a part that holds stock', 'Cannot delete a part used on a bill of material'],
    });
    expect(seen).toEqual([view.part.id]);
    expect(await ctx.store.rows('part')).toHaveLength(1);
    expect(await ctx.store.rows('part_revision')).toHaveLength(1);
  });

  it('deletes when every guard lets it, with what only describes the part', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const keep = await createPart(ctx, parseCreatePart(partBody(setting)));
    const doomed = await createPart(
      ctx,
      parseCreatePart(partBody(setting, { revision: { revision_name: 'A', x_a: '1' }, alternate_parts: [{ part_id: String(keep.part.id) }] })),
    );
    await createPart(ctx, parseCreatePart(partBody(setting, { alternate_parts: [{ part_id: String(doomed.part.id) }] })));
    const vendor = String((await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi-Key' }))).row.id);
    await addVendorPartNumber(ctx, parseVendorPartNumber({ part_id: String(doomed.part.id), vendor_id: vendor, part_number: 'DK-1' }));
    await addQuote(ctx, parseQuote({ part_id: String(doomed.part.id), vendor_id: vendor, price: '1' }));

    await deletePart(ctx, { partnumber: doomed.part.partnumber }, [() => null]);
    expect((await ctx.store.rows('part')).map((p) => p.id)).not.toContain(doomed.part.id);
    expect(await ctx.store.rows('part')).toHaveLength(2);
    expect(await ctx.store.rows('part_revision')).toHaveLength(2);
    expect(await ctx.store.rows('part_revision_attribute')).toEqual([]);
    expect(await ctx.store.rows('alternate_part')).toEqual([]);
    expect(await ctx.store.rows('vendor_part_number')).toEqual([]);
    expect(await ctx.store.rows('quote')).toEqual([]);
    expect(ctx.store.locked).toContainEqual({ table: 'part', where: { partnumber: doomed.part.partnumber } });
  });

  it('refuses a part on another part\'s bill (422), and takes its own bill with it', async () => {
    const ctx = fakeContext();
    const setting = await partSetting(ctx);
    const top = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'TOP' })));
    const child = await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'CHILD' })));
    await addSubpart(ctx, parseSubpart({ part_id: String(top.part.id), partnumber: 'CHILD', quantity: '1' }));
    await expect(deletePart(ctx, { id: child.part.id })).rejects.toMatchObject({
      code: 'unprocessable',
      messages: ['Cannot delete a part used on a bill of materials: it is a subpart of TOP'],
    });
    expect(await ctx.store.rows('subpart')).toHaveLength(1);
    await deletePart(ctx, { id: top.part.id });
    expect(await ctx.store.rows('subpart')).toEqual([]);
    await deletePart(ctx, { id: child.part.id });
    expect(await ctx.store.rows('part')).toEqual([]);
  });

  it('answers 404 for a part that does not exist', async () => {
    const ctx = fakeContext();
    const notFound = (message: string) => ({ code: 'not_found', messages: [message] });
    await expect(deletePart(ctx, { id: 42 })).rejects.toMatchObject(notFound("Couldn't find Part with 'id'=42"));
    await expect(deletePart(ctx, { partnumber: 'X' })).rejects.toMatchObject(notFound("Couldn't find Part with 'partnumber'=X"));
  });
});
