import { describe, expect, it } from 'vitest';
import { updatePart } from '../views/part-writes';
import { parseUpdatePart } from '../parts/update-part/update-part-input';
import { createRecord } from '../reference/engine/create-record';
import { parseRecord } from '../reference/engine/record-input';
import { deleteRecord } from '../reference/engine/delete-record';
import { updateRecord } from '../reference/engine/update-record';
import { parseRecordChanges } from '../reference/engine/record-input';
import { inventorySublocationResource } from '../reference/inventory-sublocation';
import { unitConversionResource } from '../reference/unit-conversion';
import { fakeContext, type FakeContext } from '../test';
import { createInventoryUnit } from './create-unit/create-unit';
import { parseCreateUnit } from './create-unit/create-unit-input';
import { inventorySetting, moveBody, unitBody } from '../scenarios/inventory-setting.test-helper';

// Changes to what the stock rules rest on (a sublocation's bins, a conversion, a part's unit of
// measure), refused with 422 while units rely on it, on the fake store.

async function setUp() {
  const ctx = fakeContext();
  const s = await inventorySetting(ctx);
  const create = async (quantity: string, fields: Record<string, unknown> = {}, part = s.part) =>
    (await createInventoryUnit(ctx, parseCreateUnit({ partId: part }, unitBody(s, quantity, fields)))).unit;
  const conversion = (await ctx.store.rows('unit_conversion'))[0]!;
  return { ctx, s, create, conversion };
}

/** The rows a refused change must leave as they were. */
const rows = async (ctx: FakeContext) => ({
  units: await ctx.store.rows('inventory_unit'),
  sublocations: await ctx.store.rows('inventory_sublocation'),
  conversions: await ctx.store.rows('unit_conversion'),
  parts: await ctx.store.rows('part'),
});

describe('turning a sublocation’s bins off', () => {
  it('is refused while units are kept in its bins, naming them; once they leave, it is done', async () => {
    const { ctx, s, create } = await setUp();
    const [a, b] = [await create('1', { sublocation_bin: 'B1' }), await create('1', { sublocation_bin: 'B2' })];
    await create('1');
    const before = await rows(ctx);
    await expect(updateRecord(ctx, inventorySublocationResource, s.shelf, parseRecordChanges(inventorySublocationResource, { has_bins: 'false' }))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: [`Has bins can't be turned off: inventory units ${a.id}, ${b.id} are kept in bins here`],
    });
    expect(await rows(ctx)).toEqual(before);
    // Field errors come first, as 400s.
    await expect(updateRecord(ctx, inventorySublocationResource, s.shelf, parseRecordChanges(inventorySublocationResource, { has_bins: 'false', name: '' }))).rejects.toMatchObject({ code: 'invalid' });
    // Other changes, and has_bins sent as it is, need nothing.
    await updateRecord(ctx, inventorySublocationResource, s.shelf, parseRecordChanges(inventorySublocationResource, { name: 'Top shelf', has_bins: 'true' }));
    for (const unit of [a, b]) await moveBody(ctx, s.part, unit.id, { inventory_sublocation_id: String(s.shelf) });
    const turned = await updateRecord(ctx, inventorySublocationResource, s.shelf, parseRecordChanges(inventorySublocationResource, { has_bins: 'false' }));
    expect(turned.row.has_bins).toBe(false);
    expect(ctx.store.locked).toContainEqual({ table: 'inventory_sublocation', where: { id: s.shelf } });
  });
});

describe('deleting a unit conversion', () => {
  it('is refused while stock is counted through it, in either direction, and done when another conversion links the pair', async () => {
    const { ctx, s, create, conversion } = await setUp();
    const counted = await create('2', { unit_id: String(s.piece) });
    const before = await rows(ctx);
    const refusal = { code: 'unprocessable', messages: [`Cannot delete the conversion from Piece to Metre: inventory units ${counted.id} are counted through it`] };
    await expect(deleteRecord(ctx, unitConversionResource, conversion.id)).rejects.toMatchObject(refusal);
    expect(await rows(ctx)).toEqual(before);
    // With the reverse conversion the pair stays linked, so this one goes; the last one then stays.
    const reverse = await createRecord(ctx, unitConversionResource, parseRecord(unitConversionResource, { from_unit_id: String(s.metre), to_unit_id: String(s.piece), factor: '0.2' }));
    await deleteRecord(ctx, unitConversionResource, conversion.id);
    expect(ctx.store.locked).toContainEqual({ table: 'unit', id: Math.min(s.piece, s.metre) });
    await expect(deleteRecord(ctx, unitConversionResource, reverse.row.id)).rejects.toMatchObject({
      code: 'unprocessable',
      messages: [`Cannot delete the conversion from Metre to Piece: inventory units ${counted.id} are counted through it`],
    });
  });

  it('is done when no stock relies on it, or the stock is counted in the part’s own unit', async () => {
    const { ctx, conversion, create } = await setUp();
    await create('3');
    await deleteRecord(ctx, unitConversionResource, conversion.id);
    expect(await ctx.store.rows('unit_conversion')).toEqual([]);
  });
});

describe('changing a part’s unit of measure', () => {
  it('is refused while its stock is counted in a unit that does not convert to the new one, naming those units', async () => {
    const { ctx, s, create } = await setUp();
    const inMetre = await create('2');
    const inPiece = await create('1', { unit_id: String(s.piece) });
    const before = await rows(ctx);
    // Each: neither Metre nor Piece converts to it.
    await expect(updatePart(ctx, { id: s.part }, parseUpdatePart({ unit_id: s.setting.unit_id }))).rejects.toMatchObject({
      code: 'unprocessable',
      messages: [`Unit can't be changed to Each: inventory units ${inMetre.id}, ${inPiece.id} are counted in a unit with no conversion to it`],
    });
    expect(await rows(ctx)).toEqual(before);
    // Piece: the Metre stock converts (Piece → Metre); the Piece stock is counted in it.
    const changed = await updatePart(ctx, { id: s.part }, parseUpdatePart({ unit_id: String(s.piece) }));
    expect(changed.part.unit_id).toBe(s.piece);
    // A part without stock changes freely, and the same unit sent again is no change.
    await updatePart(ctx, { id: s.other }, parseUpdatePart({ unit_id: s.setting.unit_id }));
    await updatePart(ctx, { id: s.part }, parseUpdatePart({ unit_id: String(s.piece) }));
  });
});
