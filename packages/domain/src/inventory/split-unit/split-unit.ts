import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import type { Tx } from '../../ports';
import { requirePermission } from '../../permissions';
import { isAssetIdTaken, nextAssetId, settlingAssetIdRace } from '../asset-id';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { lockedTarget, lockUnitWithPlaces } from '../unit-lock';
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

/**
 * SPEC 4.1 `POST …/inventory_units/:id/split`: the original keeps its quantity less `quantity`, a
 * new unit at the given sublocation takes it, and each gets a `split` record naming the other.
 * Answers both, the original first. Only the original is locked: the new unit is no one's yet.
 * Loads, checks, plans, and writes the plan at once (`tx.write`).
 */
export async function splitInventoryUnit(ctx: Context, input: SplitInput): Promise<InventoryUnitView[]> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  return settlingAssetIdRace('unprocessable', () =>
    ctx.store.transaction(async (tx) => {
      // The unit locked, and both units' measure and places, at once: the new unit's sublocation is checked by being among them.
      const { unit, places } = await lockUnitWithPlaces(tx, input.partId, input.unitId, input.inventory_sublocation_id);
      // A bin is what turning `has_bins` off must see: its sublocation is locked, and judged as locked.
      if (input.sublocation_bin) places.sublocations = await lockedTarget(tx, input.inventory_sublocation_id, places.sublocations);
      const assetId = await assetIdOf(tx, checkSplit(unit, input, places));
      const { plan, original, split } = planSplit(unit, input, assetId, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
      const events = [unitEvent(ctx, 'split', unit.part_id, original, { quantity_before: unit.quantity }), unitEvent(ctx, 'created', unit.part_id, split, { split_from: unit.id })];
      const written = await tx.write(withEvents(plan, events), { commit: true });
      return unitViewsOf([written.row(original), written.row(split)], places);
    }),
  );
}
