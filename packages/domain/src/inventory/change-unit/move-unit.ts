import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { lockedTarget, lockUnitWithPlaces } from '../unit-lock';
import { unitViewsOf, type InventoryUnitView } from '../unit-view';
import type { MoveInput } from './change-unit-input';
import { checkMove, planMove } from './plan-move';

/**
 * SPEC 4.1 `PUT …/inventory_units/:id/move`: to another sublocation (and bin), with a `move`
 * record naming both ends. Two statements (three with a bin): the unit locked with its places and
 * the target's, then the plan.
 */
export async function moveInventoryUnit(ctx: Context, input: MoveInput): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  return ctx.store.transaction(async (tx) => {
    // The target sublocation is checked by being among the places read with the unit; the answer's place comes with it.
    const { unit, places } = await lockUnitWithPlaces(tx, input.partId, input.unitId, input.inventory_sublocation_id);
    if (input.sublocation_bin) places.sublocations = await lockedTarget(tx, input.inventory_sublocation_id, places.sublocations);
    checkMove(input, places);
    const planned = planMove(unit, input, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
    const event = unitEvent(ctx, 'moved', unit.part_id, planned.unit, { from_sublocation_id: unit.inventory_sublocation_id, comment: input.comment });
    const written = await tx.write(withEvents(planned.plan, [event]), { commit: true });
    return unitViewsOf([written.row(planned.unit)], places)[0]!;
  });
}
