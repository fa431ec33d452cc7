import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { serialNumberProblems } from '../stock-checks';
import { lockUnitWithPlaces } from '../unit-lock';
import { unitViewsOf, type InventoryUnitView } from '../unit-view';
import type { UpdateUnitInput } from './change-unit-input';
import { checkUnitUpdate, planUnitUpdate } from './plan-update-unit';

/**
 * SPEC 4.1 `PUT <P>/parts/:part_id/inventory_units/:id`: the details sent. No record: details are
 * not stock (SPEC 2.1 logs create, adjust, move and split). Two statements (three with a serial
 * number, whose holder is looked for): the unit locked with its places, then the plan.
 */
export async function updateInventoryUnit(ctx: Context, input: UpdateUnitInput): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  return ctx.store.transaction(async (tx) => {
    const { unit, places } = await lockUnitWithPlaces(tx, input.partId, input.unitId);
    checkUnitUpdate(unit, input.changes, await serialNumberProblems(tx, input.partId, input.changes.serial_number, unit.id));
    const planned = planUnitUpdate(unit, input.changes, ctx.clock.now());
    const written = await tx.write(withEvents(planned.plan, [unitEvent(ctx, 'updated', unit.part_id, planned.unit)]), { commit: true });
    return unitViewsOf([written.row(planned.unit)], places)[0]!;
  });
}
