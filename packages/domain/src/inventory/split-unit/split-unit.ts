import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import { writeUnlessStale } from '../../guarded-write';
import type { Tx } from '../../ports';
import { requirePermission } from '../../permissions';
import { isAssetIdTaken, nextAssetId, settlingAssetIdRace } from '../asset-id';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { inTurn } from '../../row-turns';
import { lockedTarget, lockUnitWithPlaces, unitTurn, unitWithPlaces, type UnitWithPlaces } from '../unit-lock';
import { unitViewsOf, type InventoryUnitView } from '../unit-view';
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
function planned(ctx: Context, input: SplitInput, unit: UnitWithPlaces['unit'], assetId: string | null) {
  const { plan, original, split } = planSplit(unit, input, assetId, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
  const events = [unitEvent(ctx, 'split', unit.part_id, original, { quantity_before: unit.quantity }), unitEvent(ctx, 'created', unit.part_id, split, { split_from: unit.id })];
  return { plan: withEvents(plan, events), original, split };
}

/**
 * A split that reads nothing more once it has the unit (no bin, whose sublocation it would lock;
 * no asset id to check or draw), read without a lock and written by one statement that commits,
 * guarded on what it read and copies (`splitGuard`): no transaction holds the unit, or the
 * embedded database's session, while PIPS decides. Null when the unit changed, or went, in
 * between: the caller then takes the locked way. `posted`: once what is read next sees the write.
 */
async function splitUnlocked(ctx: Context, input: SplitInput, posted: () => void): Promise<InventoryUnitView[] | null> {
  const read = await ctx.store.read((tx) => unitWithPlaces(tx, input.partId, input.unitId, { lock: false, alsoSublocationId: input.inventory_sublocation_id }));
  // An asset-tracked unit's new half needs an asset id, which such a split does not send: refused here.
  checkSplit(read.unit, input, read.places);
  const { plan, original, split } = planned(ctx, input, read.unit, null);
  const written = await writeUnlessStale(ctx.store, plan, 'inventory_unit', posted);
  return written && unitViewsOf([written.row(original), written.row(split)], read.places);
}

/**
 * SPEC 4.1 `POST …/inventory_units/:id/split`: the original keeps its quantity less `quantity`, a
 * new unit at the given sublocation takes it, and each gets a `split` record naming the other.
 * Answers both, the original first. Only the original is locked: the new unit is no one's yet.
 * Loads, checks, plans, and writes the plan at once (`tx.write`). A split with no bin and no
 * asset id goes first without a lock (`splitUnlocked`), in this process's turn for the unit as an
 * adjustment's.
 */
export async function splitInventoryUnit(ctx: Context, input: SplitInput): Promise<InventoryUnitView[]> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  if (!input.sublocation_bin && !input.asset_id && !input.generateAssetId) {
    return inTurn(ctx.store, unitTurn(input.unitId), async (release) => (await splitUnlocked(ctx, input, release)) ?? splitLocked(ctx, input));
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
