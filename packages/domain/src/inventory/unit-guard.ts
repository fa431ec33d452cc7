import type { InventoryUnit } from '../records';

/** The columns of a unit that a change of it decides from. */
export type GuardedUnit = Pick<InventoryUnit, 'quantity' | 'serial_number' | 'unit_id' | 'inventory_sublocation_id'>;

/**
 * What a change of a unit expects the unit still to hold when it writes (`UpdateStep.expected`):
 * the quantity its record starts from, the serial number and measure its rules read, and the
 * place its answer shows. Under the unit's lock it always does; read without the lock, a change
 * in between makes the plan stale and nothing is written.
 */
export const unitGuard = (unit: GuardedUnit): GuardedUnit => ({
  quantity: unit.quantity,
  serial_number: unit.serial_number,
  unit_id: unit.unit_id,
  inventory_sublocation_id: unit.inventory_sublocation_id,
});

/**
 * `unitGuard` with every other column a split copies into its new unit, and the asset id its rule
 * reads: what a split expects the original still to hold, so the new unit describes the stock as
 * it is when written.
 */
export function splitGuard(unit: InventoryUnit): Partial<InventoryUnit> {
  const { id: _id, created_at: _created, updated_at: _updated, sublocation_bin: _bin, ...held } = unit;
  return held;
}
