import type { Context } from '../../context';
import { compareDecimal } from '../../decimal';
import { errors, messages } from '../../errors';
import { problems } from '../../parse-input';
import { requirePermission } from '../../permissions';
import type { InventoryUnit } from '../../records';
import { writeRecord } from '../inventory-record';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { checkWhole } from '../quantity-rules';
import { lockUnitOfPart } from '../unit-lock';
import { loadPlaces, unitViewsOf, type InventoryUnitView } from '../unit-view';
import { parseAdjust, type AdjustInput } from './change-unit-input';

/** The state rules of an adjustment (422): a consumption only lowers; a serialised unit holds 1 or 0. */
export function refuseAdjustment(unit: Pick<InventoryUnit, 'quantity' | 'serial_number'>, input: AdjustInput): void {
  if (input.type === 'consume' && compareDecimal(input.quantity, unit.quantity) > 0) throw errors.unprocessable([messages.consumeRaises()]);
  if (unit.serial_number && !['1.0', '0.0'].includes(input.quantity)) throw errors.unprocessable([messages.serialAdjust()]);
}

/**
 * SPEC 4.1 `PUT …/inventory_units/:id/adjust_quantity`: the unit takes the new quantity, under its
 * lock, and an `adjust` or `consume` record says from what to what.
 */
export async function adjustInventoryQuantity(
  ctx: Context,
  partId: number,
  unitId: number,
  raw: unknown,
  recordBeside?: unknown,
): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  const input = parseAdjust(raw, recordBeside);
  return ctx.store.transaction(async (tx) => {
    const unit = await lockUnitOfPart(tx, partId, unitId);
    // The measure (for the whole-number rule) and the answer's place, read at once: an adjustment moves nothing.
    const places = await loadPlaces(tx, [unit]);
    const found = problems();
    checkWhole(input.quantity, places.measures[0]!, found);
    found.check();
    refuseAdjustment(unit, input);
    const now = ctx.clock.now();
    const updated = await tx.repo('inventory_unit').update(unit.id, { quantity: input.quantity, updated_at: now });
    const change = { type: input.type, before: unit.quantity, after: input.quantity, comment: input.comment };
    await writeRecord(tx, unit, change, { creatorId: ctx.actor.tokenId, now });
    return unitViewsOf([updated!], places)[0]!;
  });
}
