// Set-up for the inventory use-case tests (on the fake store); nothing the build ships imports it.

import type { Context } from '../context';
import { adjustInventoryQuantity } from '../inventory/change-unit/adjust-quantity';
import { parseAdjust, parseMove, parseUpdateUnit } from '../inventory/change-unit/change-unit-input';
import { updateInventoryUnit } from '../inventory/change-unit/update-unit';
import { moveInventoryUnit } from '../inventory/change-unit/move-unit';
import { createPart } from '../views/part-writes';
import { parseCreatePart } from '../parts/create-part/create-part-input';
import { partBody, partSetting } from './part-setting.test-helper';
import { createRecord } from '../reference/engine/create-record';
import { parseRecord } from '../reference/engine/record-input';
import { inventoryLocationResource } from '../reference/inventory-location';
import { unitResource } from '../reference/unit';
import { unitConversionResource } from '../reference/unit-conversion';

/**
 * Two parts counted in a unit of measure that is not whole (`Metre`), one counted whole (`Piece`,
 * five metres), and a location with two sublocations: a shelf with bins, a rack without.
 */
export async function inventorySetting(ctx: Context) {
  const setting = await partSetting(ctx);
  const metre = (await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Metre', allow_fractional: 'true' }))).row.id;
  const piece = (await createRecord(ctx, unitResource, parseRecord(unitResource, { name: 'Piece', allow_fractional: 'false' }))).row.id;
  await createRecord(ctx, unitConversionResource, parseRecord(unitConversionResource, { from_unit_id: String(piece), to_unit_id: String(metre), factor: '5' }));
  const location = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, {
    name: 'Main store',
    shortname: 'MAIN',
    inventory_sublocations: [{ name: 'Shelf', has_bins: 'true' }, { name: 'Rack' }],
  }));
  const [shelf, rack] = location.related.sublocations.map((sublocation) => sublocation.id) as [number, number];
  const counted = { unit_id: String(metre) };
  const part = (await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'P-1', ...counted })))).part.id;
  const other = (await createPart(ctx, parseCreatePart(partBody(setting, { partnumber: 'P-2', manufacturer_pn: 'OTHER', ...counted })))).part.id;
  return { piece, metre, shelf, rack, part, other, setting };
}

/** A unit body: `quantity` of Metre at the shelf, `fields` on top. */
export const unitBody = (s: Awaited<ReturnType<typeof inventorySetting>>, quantity: string, fields: Record<string, unknown> = {}) => ({
  inventory_sublocation_id: String(s.shelf),
  unit_id: String(s.metre),
  quantity,
  ...fields,
});

/** An adjustment as a request sends it: parsed, then done. */
export const adjustBody = async (ctx: Context, partId: number, unitId: number, raw: unknown, recordBeside?: unknown) =>
  adjustInventoryQuantity(ctx, parseAdjust({ partId, unitId }, raw, recordBeside));

/** A move as a request sends it: parsed, then done. */
export const moveBody = async (ctx: Context, partId: number, unitId: number, raw: unknown, recordBeside?: unknown) =>
  moveInventoryUnit(ctx, parseMove({ partId, unitId }, raw, recordBeside));

/** An update of a unit's details as a request sends it: parsed, then done. */
export const updateBody = async (ctx: Context, partId: number, unitId: number, raw: unknown) =>
  updateInventoryUnit(ctx, parseUpdateUnit({ partId, unitId }, raw));
