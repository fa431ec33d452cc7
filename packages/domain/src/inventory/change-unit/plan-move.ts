import { errors, messages } from '../../errors';
import type { InventoryUnit } from '../../records';
import { insertRow, updateRow, writePlan, type UpdateStep, type WritePlan } from '../../write-plan';
import { recordValues, type ChangeStamp } from '../inventory-record';
import { binProblems } from '../stock-rules';
import type { UnitPlaces } from '../unit-view';
import type { MoveInput } from './change-unit-input';

/** Whether a unit may go where `input` says, given the places loaded with it: the sublocation must exist, and the bin be allowed there (400). */
export function checkMove(input: Pick<MoveInput, 'inventory_sublocation_id' | 'sublocation_bin'>, places: Pick<UnitPlaces, 'sublocations'>): void {
  const target = places.sublocations.find((sublocation) => sublocation.id === input.inventory_sublocation_id);
  if (!target) throw errors.invalid([messages.mustExist('inventory_sublocation_id')]);
  const problems = binProblems(input.sublocation_bin, target);
  if (problems.length > 0) throw errors.invalid(problems);
}

/**
 * A move's writes: the unit takes its new sublocation and bin (if it still holds the quantity it
 * was read with, which its record states on both sides), and a `move` record names both ends.
 * Answers the unit's step too, whose row is the answer.
 */
export function planMove(
  unit: Pick<InventoryUnit, 'id' | 'part_id' | 'quantity' | 'inventory_sublocation_id'>,
  input: Pick<MoveInput, 'inventory_sublocation_id' | 'sublocation_bin' | 'comment'>,
  stamp: ChangeStamp,
): { plan: WritePlan; unit: UpdateStep<'inventory_unit'> } {
  const moved = { inventory_sublocation_id: input.inventory_sublocation_id, sublocation_bin: input.sublocation_bin, updated_at: stamp.now };
  const update = updateRow('inventory_unit', unit.id, moved, { quantity: unit.quantity });
  const change = {
    type: 'move',
    before: unit.quantity,
    after: unit.quantity,
    from: unit.inventory_sublocation_id,
    to: input.inventory_sublocation_id,
    comment: input.comment,
  } as const;
  return { plan: writePlan([update, insertRow('inventory_record', recordValues(unit, change, stamp))]), unit: update };
}
