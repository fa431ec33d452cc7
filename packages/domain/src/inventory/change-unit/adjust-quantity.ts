import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import { writeUnlessStale } from '../../guarded-write';
import { problems } from '../../parse-input';
import { requirePermission } from '../../permissions';
import type { InventoryUnit } from '../../records';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { checkWhole } from '../quantity-rules';
import { inBatch, type Batched } from '../../row-batches';
import { byPartOfFirst, type UnitChangeRequest } from '../unit-batch';
import { lockUnitWithPlaces, unitTurn, unitWithPlaces, type UnitWithPlaces } from '../unit-lock';
import { unitViewsOf, type InventoryUnitView } from '../unit-view';
import { unitGuard } from '../unit-guard';
import { updateRow, writePlan, type WritePlan } from '../../write-plan';
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

type Decided = ReturnType<typeof decide>;

type Waiting = Batched<UnitChangeRequest<AdjustInput>, InventoryUnitView>;

/** The adjustment alone, under the unit's lock, where changes to one unit take turns. */
function adjustLocked(ctx: Context, input: AdjustInput): Promise<InventoryUnitView> {
  return ctx.store.transaction(async (tx) => {
    // The measure (for the whole-number rule) and the answer's place come with the unit: an adjustment moves nothing.
    const read = await lockUnitWithPlaces(tx, input.partId, input.unitId);
    const { plan, step } = decide(ctx, input, read);
    const written = await tx.write(plan, { commit: true });
    return unitViewsOf([written.row(step)], read.places)[0]!;
  });
}

/**
 * The adjustments of `decided`, made in order from `unit` as read, as one plan: the unit takes the
 * last one's quantity (if it still holds what it was read with: `unitGuard`), and every record and
 * event is written, each saying from what to what as it was decided.
 */
function together(unit: InventoryUnit, decided: readonly Decided[]): { plan: WritePlan; step: Decided['step'] } {
  const last = decided.at(-1)!.step;
  const step = updateRow('inventory_unit', unit.id, last.patch, unitGuard(unit));
  return { plan: writePlan([step, ...decided.flatMap(({ plan, step: own }) => plan.steps.filter((s) => s !== own))]), step };
}

/**
 * A batch of adjustments of one unit (`inBatch`): the unit read once without a lock, each
 * adjustment decided from the unit as the ones before it leave it (one refused is answered so,
 * and leaves it as it was), and all written by one statement that commits, guarded on what was
 * read. Each is answered with the unit as its own adjustment left it. When the unit changed in
 * between, each is made again alone under the unit's lock (`adjustLocked`).
 */
const adjustBatch = (batch: readonly Waiting[], release: () => void) => byPartOfFirst(batch, release, adjustTogether, adjustLocked);

/** `adjustBatch` for adjustments naming one part: what it does not answer fails with what it throws. */
async function adjustTogether(same: readonly Waiting[], release: () => void): Promise<void> {
  const { ctx, input } = same[0]!.item;
  const read = await ctx.store.read((tx) => unitWithPlaces(tx, input.partId, input.unitId, { lock: false }));
  let unit = read.unit;
  const made: Array<{ waiting: Waiting; decided: Decided }> = [];
  for (const waiting of same) {
    try {
      const decided = decide(waiting.item.ctx, waiting.item.input, { unit, places: read.places });
      made.push({ waiting, decided });
      unit = { ...unit, ...(decided.step.patch as Partial<InventoryUnit>) };
    } catch (error) {
      waiting.reject(error);
    }
  }
  if (made.length === 0) return;
  const { plan, step } = together(read.unit, made.map(({ decided }) => decided));
  const written = await writeUnlessStale(ctx.store, plan, 'inventory_unit', release);
  if (!written) {
    for (const { waiting } of made) await adjustLocked(waiting.item.ctx, waiting.item.input).then(waiting.resolve, waiting.reject);
    return;
  }
  const row = written.row(step);
  for (const { waiting, decided } of made) waiting.resolve(unitViewsOf([{ ...row, ...(decided.step.patch as Partial<InventoryUnit>) }], read.places)[0]!);
}

/**
 * SPEC 4.1 `PUT …/inventory_units/:id/adjust_quantity`: the unit takes the new quantity and an
 * `adjust` or `consume` record says from what to what. Two statements: the unit with its measure
 * and place, then the plan, which commits. Adjustments of one unit that arrive while it is taken
 * wait together and are made together, in those two statements (`adjustBatch`); adjustments and
 * splits of one unit take turns in this process (`inTurn`), so they do not make each other stale.
 * When the unit changed in between, each is made again under its lock.
 */
export async function adjustInventoryQuantity(ctx: Context, input: AdjustInput): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  return inBatch(ctx.store, unitTurn(input.unitId), { ctx, input }, adjustBatch);
}
