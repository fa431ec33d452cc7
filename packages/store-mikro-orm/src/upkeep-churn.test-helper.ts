// Changes to a few inventory units, for the upkeep's tests; nothing the build ships imports it.
import {
  adjustInventoryQuantity, parseAdjust,
  createInventoryUnit, parseCreateUnit,
  createPart, parseCreatePart,
  createRecord, parseRecord,
  inventoryLocationResource,
  updateInventoryUnit, parseUpdateUnit,
  type Context,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';

export interface Stock {
  readonly ctx: Context;
  readonly part: number;
  readonly ids: readonly number[];
}

/** A caller with every permission and a part with `count` units at one place. */
export async function stockOf(store: Context['store'], count: number): Promise<Stock> {
  const { ctx, setting } = await partContext(store);
  const location = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, { name: 'Main', inventory_sublocations: [{ name: 'Shelf' }] }));
  const shelf = String(location.related.sublocations[0]!.id);
  const part = (await createPart(ctx, parseCreatePart({ manufacturer_pn: 'CHURN', partnumber: 'CHURN-1', ...setting, revision: { revision_name: 'A' } }))).part.id;
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await createInventoryUnit(ctx, parseCreateUnit({ partId: part }, { inventory_sublocation_id: shelf, unit_id: setting.unit_id, quantity: '100' }))).unit.id);
  }
  return { ctx, part, ids };
}

/**
 * Changes `from` to `to` (each its own transaction), round the units: mostly a new lot code and
 * details (text the search indexes hold, so a new row version in every index), every fourth an adjustment.
 */
export async function churn({ ctx, part, ids }: Stock, from: number, to: number): Promise<void> {
  for (let i = from; i < to; i++) {
    const unit = { partId: part, unitId: ids[i % ids.length]! };
    if (i % 4 === 3) await adjustInventoryQuantity(ctx, parseAdjust(unit, { quantity: String(100 + (i % 50)) }));
    else await updateInventoryUnit(ctx, parseUpdateUnit(unit, { lot_code: `LOT-${i}`, details: `batch ${i}, counted and checked` }));
  }
}
