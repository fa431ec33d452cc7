import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import { problems } from '../../parse-input';
import { requirePermission } from '../../permissions';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { checkWhole } from '../quantity-rules';
import { lockUnitWithPlaces } from '../unit-lock';
import { unitViewsOf, type InventoryUnitView } from '../unit-view';
import type { AdjustInput } from './change-unit-input';
import { planAdjust, refuseAdjustment } from './plan-adjust';

/**
 * SPEC 4.1 `PUT …/inventory_units/:id/adjust_quantity`: the unit takes the new quantity, under its
 * lock, and an `adjust` or `consume` record says from what to what. Two statements: the unit
 * locked with its measure and place, then the plan.
 */
export async function adjustInventoryQuantity(ctx: Context, input: AdjustInput): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  return ctx.store.transaction(async (tx) => {
    // The measure (for the whole-number rule) and the answer's place come with the unit: an adjustment moves nothing.
    const { unit, places } = await lockUnitWithPlaces(tx, input.partId, input.unitId);
    const found = problems();
    checkWhole(input.quantity, places.measures[0]!, found);
    found.check();
    refuseAdjustment(unit, input);
    const planned = planAdjust(unit, input, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
    const event = unitEvent(ctx, input.type === 'consume' ? 'consumed' : 'adjusted', unit.part_id, planned.unit, { quantity_before: unit.quantity, comment: input.comment });
    const written = await tx.write(withEvents(planned.plan, [event]), { commit: true });
    return unitViewsOf([written.row(planned.unit)], places)[0]!;
  });
}
