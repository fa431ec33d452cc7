import { problems } from '../../parse-input';
import type { InventoryUnit } from '../../records';
import { updateRow, writePlan, type UpdateStep, type WritePlan } from '../../write-plan';
import { checkSerialQuantity } from '../quantity-rules';
import type { UpdateUnitInput } from './change-unit-input';

/**
 * Whether `unit` may take the details sent (400): a serial number needs a quantity of exactly 1,
 * and no other unit of the part may hold it (`taken`, the store's answer, listed after).
 */
export function checkUnitUpdate(unit: Pick<InventoryUnit, 'quantity'>, changes: UpdateUnitInput['changes'], taken: readonly string[]): void {
  const found = problems();
  if (changes.serial_number) checkSerialQuantity(changes.serial_number, unit.quantity, found);
  found.add(...taken);
  found.check();
}

/**
 * An update's one write: the unit takes the details sent (if it still holds the quantity it was
 * read with, which a serial number was checked against). No record: details are not stock.
 */
export function planUnitUpdate(
  unit: Pick<InventoryUnit, 'id' | 'quantity'>,
  changes: UpdateUnitInput['changes'],
  now: Date,
): { plan: WritePlan; unit: UpdateStep<'inventory_unit'> } {
  const update = updateRow('inventory_unit', unit.id, { ...changes, updated_at: now }, { quantity: unit.quantity });
  return { plan: writePlan([update]), unit: update };
}
