import type { Context } from '../../context';
import { problems } from '../../parse-input';
import { requirePermission } from '../../permissions';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { checkSerialQuantity } from '../quantity-rules';
import { serialNumberProblems } from '../stock-checks';
import { lockUnitOfPart } from '../unit-lock';
import { viewUnits, type InventoryUnitView } from '../unit-view';
import { parseUpdateUnit } from './change-unit-input';

/**
 * SPEC 4.1 `PUT <P>/parts/:part_id/inventory_units/:id`: the details sent. No record: details are
 * not stock (SPEC 2.1 logs create, adjust, move and split).
 */
export async function updateInventoryUnit(ctx: Context, partId: number, unitId: number, raw: unknown): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  const changes = parseUpdateUnit(raw);
  return ctx.store.transaction(async (tx) => {
    const unit = await lockUnitOfPart(tx, partId, unitId);
    const found = problems();
    if (changes.serial_number) checkSerialQuantity(changes.serial_number, unit.quantity, found);
    found.add(...(await serialNumberProblems(tx, partId, changes.serial_number, unit.id)));
    found.check();
    const updated = await tx.repo('inventory_unit').update(unit.id, { ...changes, updated_at: ctx.clock.now() });
    return (await viewUnits(tx, [updated!]))[0]!;
  });
}
