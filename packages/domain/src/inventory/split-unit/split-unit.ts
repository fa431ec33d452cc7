import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import { writeUnlessStale } from '../../guarded-write';
import type { Tx } from '../../ports';
import { requirePermission } from '../../permissions';
import { isAssetIdTaken, nextAssetId, settlingAssetIdRace } from '../asset-id';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { inBatch, type Batched } from '../../row-batches';
import { byPartOfFirst, type UnitChangeRequest } from '../unit-batch';
import { lockedTarget, lockUnitWithPlaces, unitTurn, unitWithPlaces, type UnitWithPlaces } from '../unit-lock';
import { unitViewsOf, type InventoryUnitView } from '../unit-view';
import { splitGuard } from '../unit-guard';
import type { InventoryUnit } from '../../records';
import { updateRow, writePlan } from '../../write-plan';
import type { SplitInput } from './split-unit-input';
import { checkSplit, planSplit, type AssetIdPlan } from './split-rules';

/** The new unit's asset id: one named (refused when taken), one generated, or none. */
async function assetIdOf(tx: Tx, asset: AssetIdPlan): Promise<string | null> {
  if (asset.kind === 'none') return null;
  if (asset.kind === 'generate') return nextAssetId(tx);
  if (await isAssetIdTaken(tx, asset.assetId)) throw errors.unprocessable([messages.assetIdTaken()]);
  return asset.assetId;
}

/** What the split writes, with its events, once its asset id is known: the two steps' rows are the answer. */
function planned(ctx: Context, input: SplitInput, unit: UnitWithPlaces['unit'], assetId: string | null, name?: string) {
  const { plan, original, split } = planSplit(unit, input, assetId, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() }, name);
  const events = [unitEvent(ctx, 'split', unit.part_id, original, { quantity_before: unit.quantity }), unitEvent(ctx, 'created', unit.part_id, split, { split_from: unit.id })];
  return { plan: withEvents(plan, events), original, split };
}

type Waiting = Batched<UnitChangeRequest<SplitInput>, InventoryUnitView[]>;

/**
 * A batch of splits of one unit that read nothing more once they have it (no bin, whose
 * sublocation they would lock; no asset id to check or draw), as adjustments are batched
 * (`adjust-quantity.ts`): the unit read once without a lock with its places and every new unit's,
 * each split checked and planned from the unit as the ones before it leave it (one refused is
 * answered so), and all written by one statement that commits, guarded on what was read and is
 * copied (`splitGuard`). Each is answered with the original as its own split left it and its new
 * unit. When the unit changed in between, each is made again alone under the unit's lock.
 */
const splitBatch = (batch: readonly Waiting[], release: () => void) => byPartOfFirst(batch, release, splitTogether, splitLocked);

/** `splitBatch` for splits naming one part: what it does not answer fails with what it throws. */
async function splitTogether(same: readonly Waiting[], release: () => void): Promise<void> {
  const { ctx, input } = same[0]!.item;
  const targets = [...new Set(same.map((waiting) => waiting.item.input.inventory_sublocation_id))];
  const read = await ctx.store.read((tx) => unitWithPlaces(tx, input.partId, input.unitId, { lock: false, alsoSublocationIds: targets }));
  let unit = read.unit;
  const made: Array<{ waiting: Waiting; split: ReturnType<typeof planned> }> = [];
  for (const waiting of same) {
    try {
      // An asset-tracked unit's new half needs an asset id, which such a split does not send: refused here.
      checkSplit(unit, waiting.item.input, read.places);
      const split = planned(waiting.item.ctx, waiting.item.input, unit, null, `split${made.length}`);
      made.push({ waiting, split });
      unit = { ...unit, ...(split.original.patch as Partial<InventoryUnit>) };
    } catch (error) {
      waiting.reject(error);
    }
  }
  if (made.length === 0) return;
  // The original takes the last split's quantity, guarded on what was read; every new unit, record and event is written.
  const original = updateRow('inventory_unit', read.unit.id, made.at(-1)!.split.original.patch, splitGuard(read.unit));
  const plan = writePlan([original, ...made.flatMap(({ split }) => split.plan.steps.filter((step) => step !== split.original))]);
  const written = await writeUnlessStale(ctx.store, plan, 'inventory_unit', release);
  if (!written) {
    for (const { waiting } of made) await splitLocked(waiting.item.ctx, waiting.item.input).then(waiting.resolve, waiting.reject);
    return;
  }
  const row = written.row(original);
  for (const { waiting, split } of made) {
    waiting.resolve(unitViewsOf([{ ...row, ...(split.original.patch as Partial<InventoryUnit>) }, written.row(split.split)], read.places));
  }
}

/**
 * SPEC 4.1 `POST …/inventory_units/:id/split`: the original keeps its quantity less `quantity`, a
 * new unit at the given sublocation takes it, and each gets a `split` record naming the other.
 * Answers both, the original first. Only the original is locked: the new unit is no one's yet.
 * Loads, checks, plans, and writes the plan at once (`tx.write`). A split with no bin and no
 * asset id goes first without a lock, with the splits of the unit that wait with it
 * (`splitBatch`), in this process's turn for the unit as an adjustment's.
 */
export async function splitInventoryUnit(ctx: Context, input: SplitInput): Promise<InventoryUnitView[]> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  if (!input.sublocation_bin && !input.asset_id && !input.generateAssetId) {
    return inBatch(ctx.store, unitTurn(input.unitId), { ctx, input }, splitBatch);
  }
  return splitLocked(ctx, input);
}

/** The split under the unit's lock: a bin's sublocation locked too, an asset id checked or drawn. */
function splitLocked(ctx: Context, input: SplitInput): Promise<InventoryUnitView[]> {
  return settlingAssetIdRace('unprocessable', () =>
    ctx.store.transaction(async (tx) => {
      // The unit locked, and both units' measure and places, at once: the new unit's sublocation is checked by being among them.
      const { unit, places } = await lockUnitWithPlaces(tx, input.partId, input.unitId, input.inventory_sublocation_id);
      // A bin is what turning `has_bins` off must see: its sublocation is locked, and judged as locked.
      if (input.sublocation_bin) places.sublocations = await lockedTarget(tx, input.inventory_sublocation_id, places.sublocations);
      const assetId = await assetIdOf(tx, checkSplit(unit, input, places));
      const { plan, original, split } = planned(ctx, input, unit, assetId);
      const written = await tx.write(plan, { commit: true });
      return unitViewsOf([written.row(original), written.row(split)], places);
    }),
  );
}
