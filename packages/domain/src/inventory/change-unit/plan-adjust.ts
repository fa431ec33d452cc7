import { compareDecimal } from '../../decimal';
import { errors, messages } from '../../errors';
import type { InventoryUnit } from '../../records';
import { insertRow, updateRow, writePlan, type UpdateStep, type WritePlan } from '../../write-plan';
import { recordValues, type ChangeStamp } from '../inventory-record';
import { unitGuard, type GuardedUnit } from '../unit-guard';
import type { AdjustInput } from './change-unit-input';

/** The state rules of an adjustment (422): a consumption only lowers; a serialised unit holds 1 or 0. */
export function refuseAdjustment(unit: Pick<InventoryUnit, 'quantity' | 'serial_number'>, input: Pick<AdjustInput, 'quantity' | 'type'>): void {
  if (input.type === 'consume' && compareDecimal(input.quantity, unit.quantity) > 0) throw errors.unprocessable([messages.consumeRaises()]);
  if (unit.serial_number && !['1.0', '0.0'].includes(input.quantity)) throw errors.unprocessable([messages.serialAdjust()]);
}

/**
 * An adjustment's writes: the unit takes the new quantity (if it still holds what it was read
 * with: `unitGuard`), and an `adjust` or `consume` record says from what to what. Answers the
 * unit's step too, whose row is the answer.
 */
export function planAdjust(
  unit: Pick<InventoryUnit, 'id' | 'part_id'> & GuardedUnit,
  input: Pick<AdjustInput, 'quantity' | 'type' | 'comment'>,
  stamp: ChangeStamp,
): { plan: WritePlan; unit: UpdateStep<'inventory_unit'> } {
  const update = updateRow('inventory_unit', unit.id, { quantity: input.quantity, updated_at: stamp.now }, unitGuard(unit));
  const change = { type: input.type, before: unit.quantity, after: input.quantity, comment: input.comment };
  return { plan: writePlan([update, insertRow('inventory_record', recordValues(unit, change, stamp))]), unit: update };
}
