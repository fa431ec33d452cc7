import type { Context } from '../../context';
import { subtractDecimal } from '../../decimal';
import { errors, messages } from '../../errors';
import { problems } from '../../parse-input';
import { requirePermission } from '../../permissions';
import { isAssetIdTaken, nextAssetId, settlingAssetIdRace } from '../asset-id';
import { writeRecord } from '../inventory-record';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { checkWhole } from '../quantity-rules';
import { binProblems } from '../stock-rules';
import { lockUnitOfPart } from '../unit-lock';
import { loadPlaces, unitViewsOf, type InventoryUnitView } from '../unit-view';
import { parseSplit } from './split-unit-input';
import { planSplit } from './split-rules';

/**
 * SPEC 4.1 `POST …/inventory_units/:id/split`: the original keeps its quantity less `quantity`, a
 * new unit at the given sublocation takes it, and each gets a `split` record naming the other.
 * Answers both, the original first. Only the original is locked: the new unit is no one's yet.
 */
export async function splitInventoryUnit(ctx: Context, partId: number, unitId: number, raw: unknown, recordBeside?: unknown): Promise<InventoryUnitView[]> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  const input = parseSplit(raw, recordBeside);
  return settlingAssetIdRace('unprocessable', () =>
    ctx.store.transaction(async (tx) => {
      const unit = await lockUnitOfPart(tx, partId, unitId);
      // A bin is what turning `has_bins` off must see: its sublocation is locked first.
      if (input.sublocation_bin) await tx.repo('inventory_sublocation').get(input.inventory_sublocation_id, { lock: true });
      // Both units' measure and places, read at once: the new unit's sublocation is checked by being among them.
      const places = await loadPlaces(tx, [unit, { ...unit, inventory_sublocation_id: input.inventory_sublocation_id }]);
      const target = places.sublocations.find((sublocation) => sublocation.id === input.inventory_sublocation_id);
      if (!target) throw errors.invalid([messages.mustExist('inventory_sublocation_id')]);
      const found = problems();
      // The new unit is counted in the original's measure, which the part's stock already converts from.
      checkWhole(input.quantity, places.measures[0]!, found);
      found.add(...binProblems(input.sublocation_bin, target));
      found.check();
      const asset = planSplit(unit, input.quantity, { assetId: input.asset_id, generate: input.generateAssetId });
      if (asset.kind === 'given' && (await isAssetIdTaken(tx, asset.assetId))) throw errors.unprocessable([messages.assetIdTaken()]);
      const assetId = asset.kind === 'given' ? asset.assetId : asset.kind === 'generate' ? await nextAssetId(tx) : null;
      const now = ctx.clock.now();
      const left = subtractDecimal(unit.quantity, input.quantity);
      const original = (await tx.repo('inventory_unit').update(unit.id, { quantity: left, updated_at: now }))!;
      const { id: _id, ...copied } = unit;
      const split = await tx.repo('inventory_unit').insert({
        ...copied,
        quantity: input.quantity,
        inventory_sublocation_id: input.inventory_sublocation_id,
        sublocation_bin: input.sublocation_bin,
        asset_id: assetId,
        serial_number: null,
        created_at: now,
        updated_at: now,
      });
      const stamp = { creatorId: ctx.actor.tokenId, now };
      const comment = input.comment;
      await writeRecord(tx, unit, { type: 'split', before: unit.quantity, after: left, related: split.id, comment }, stamp);
      const to = split.inventory_sublocation_id;
      await writeRecord(tx, split, { type: 'split', before: '0.0', after: split.quantity, to, related: unit.id, comment }, stamp);
      return unitViewsOf([original, split], places);
    }),
  );
}
