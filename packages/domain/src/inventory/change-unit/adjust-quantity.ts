import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import { writeUnlessStale } from '../../guarded-write';
import { problems } from '../../parse-input';
import { requirePermission } from '../../permissions';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { checkWhole } from '../quantity-rules';
import { inTurn } from '../../row-turns';
import { lockUnitWithPlaces, unitTurn, unitWithPlaces, type UnitWithPlaces } from '../unit-lock';
import { unitViewsOf, type InventoryUnitView } from '../unit-view';
import type { AdjustInput } from './change-unit-input';
import { planAdjust, refuseAdjustment } from './plan-adjust';

/** What the adjustment writes, with its event, decided from the unit as read: the unit's step is the answer's row. */
function decide(ctx: Context, input: AdjustInput, { unit, places }: UnitWithPlaces) {
  const found = problems();
  checkWhole(input.quantity, places.measures[0]!, found);
  found.check();
  refuseAdjustment(unit, input);
  const planned = planAdjust(unit, input, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
  const event = unitEvent(ctx, input.type === 'consume' ? 'consumed' : 'adjusted', unit.part_id, planned.unit, { quantity_before: unit.quantity, comment: input.comment });
  return { plan: withEvents(planned.plan, [event]), step: planned.unit };
}

/**
 * The adjustment read without a lock and written by one statement that commits, guarded on what
 * it decided from (`unitGuard`): no transaction holds the unit, or the embedded database's
 * session, while PIPS decides. Null when the unit changed, or went, in between: the caller then
 * takes the locked way. `posted`: once what is read next sees the write.
 */
async function adjustUnlocked(ctx: Context, input: AdjustInput, posted: () => void): Promise<InventoryUnitView | null> {
  const read = await ctx.store.read((tx) => unitWithPlaces(tx, input.partId, input.unitId, { lock: false }));
  const { plan, step } = decide(ctx, input, read);
  const written = await writeUnlessStale(ctx.store, plan, 'inventory_unit', posted);
  return written && unitViewsOf([written.row(step)], read.places)[0]!;
}

/**
 * SPEC 4.1 `PUT …/inventory_units/:id/adjust_quantity`: the unit takes the new quantity and an
 * `adjust` or `consume` record says from what to what. Two statements: the unit with its measure
 * and place, then the plan, which commits. First without a lock (`adjustUnlocked`); when the unit
 * changed in between, again under its lock, where changes to one unit take turns. Adjustments and
 * splits of one unit take turns in this process too (`inTurn`), so they do not make each other stale.
 */
export async function adjustInventoryQuantity(ctx: Context, input: AdjustInput): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  return inTurn(ctx.store, unitTurn(input.unitId), async (release) => {
    const done = await adjustUnlocked(ctx, input, release);
    if (done) return done;
    return ctx.store.transaction(async (tx) => {
      // The measure (for the whole-number rule) and the answer's place come with the unit: an adjustment moves nothing.
      const read = await lockUnitWithPlaces(tx, input.partId, input.unitId);
      const { plan, step } = decide(ctx, input, read);
      const written = await tx.write(plan, { commit: true });
      return unitViewsOf([written.row(step)], read.places)[0]!;
    });
  });
}
