import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { readUnitView, type InventoryUnitView } from '../unit-view';

/** SPEC 4.1 `GET <P>/parts/:part_id/inventory_units/:id`: one statement, no transaction. */
export async function showInventoryUnit(ctx: Context, partId: number, unitId: number): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  return ctx.store.read((tx) => readUnitView(tx, partId, unitId));
}
