import { errors } from '../errors';
import type { Tx } from '../ports';
import type { InventoryUnit } from '../records';

/**
 * Unit `unitId` of part `partId`, locked until the transaction ends: every change to a unit reads
 * it through here, so changes to one unit take turns and each sees the quantity the last left.
 * Another part's unit is a 404, as a missing one is.
 */
export async function lockUnitOfPart(tx: Tx, partId: number, unitId: number): Promise<InventoryUnit> {
  const unit = await tx.repo('inventory_unit').get(unitId, { lock: true });
  if (!unit || unit.part_id !== partId) throw errors.notFound('InventoryUnit', unitId);
  return unit;
}
