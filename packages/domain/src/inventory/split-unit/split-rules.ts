import { compareDecimal, subtractDecimal } from '../../decimal';
import { errors, messages } from '../../errors';
import { problems } from '../../parse-input';
import type { InventoryUnit } from '../../records';
import { insertedId, insertRow, updateRow, writePlan, type InsertStep, type UpdateStep, type WritePlan } from '../../write-plan';
import { recordValues, type ChangeStamp } from '../inventory-record';
import { checkWhole } from '../quantity-rules';
import { binProblems } from '../stock-rules';
import { splitGuard } from '../unit-guard';
import type { UnitPlaces } from '../unit-view';
import type { SplitInput } from './split-unit-input';

/** What a split needs of the new unit's asset id: none, one the request names, or a generated one. */
export type AssetIdPlan = { readonly kind: 'none' } | { readonly kind: 'given'; readonly assetId: string } | { readonly kind: 'generate' };

/**
 * Whether `unit` may be split as `input` asks, given the places loaded for both units: the new
 * unit's sublocation must exist, and its quantity be whole where the measure counts whole units
 * and its bin allowed there (400); then SPEC 7's refusals (422), in its order: a quantity that is
 * not positive, above what is available, not below it; then the asset id an asset-tracked unit's
 * new half needs. A serialised unit is one item and does not split. Whether a given asset id is
 * taken is the store's to say. Answers what the new unit's asset id needs.
 */
export function checkSplit(
  unit: Pick<InventoryUnit, 'quantity' | 'asset_id' | 'serial_number'>,
  input: Pick<SplitInput, 'inventory_sublocation_id' | 'quantity' | 'asset_id' | 'generateAssetId' | 'sublocation_bin'>,
  places: Pick<UnitPlaces, 'measures' | 'sublocations'>,
): AssetIdPlan {
  const target = places.sublocations.find((sublocation) => sublocation.id === input.inventory_sublocation_id);
  if (!target) throw errors.invalid([messages.mustExist('inventory_sublocation_id')]);
  const found = problems();
  // The new unit is counted in the original's measure, which the part's stock already converts from.
  checkWhole(input.quantity, places.measures[0]!, found);
  found.add(...binProblems(input.sublocation_bin, target));
  found.check();
  if (unit.serial_number) throw errors.unprocessable([messages.serialSplit()]);
  if (compareDecimal(input.quantity, '0') <= 0) throw errors.unprocessable([messages.splitNotPositive()]);
  const available = quantityAvailable(unit);
  if (compareDecimal(input.quantity, available) > 0) throw errors.unprocessable([messages.splitAboveAvailable()]);
  if (compareDecimal(input.quantity, available) === 0) throw errors.unprocessable([messages.splitNotBelowAvailable()]);
  if (input.asset_id) return { kind: 'given', assetId: input.asset_id };
  if (input.generateAssetId) return { kind: 'generate' };
  if (unit.asset_id) throw errors.unprocessable([messages.assetIdRequired()]);
  return { kind: 'none' };
}

/** DESIGN 4: the quantity less reservations, of which there are none yet. */
export const quantityAvailable = (unit: Pick<InventoryUnit, 'quantity'>): string => unit.quantity;

/** A split's writes, and the two steps whose rows are its answer. */
export interface SplitPlan {
  readonly plan: WritePlan;
  readonly original: UpdateStep<'inventory_unit'>;
  readonly split: InsertStep<'inventory_unit'>;
}

/**
 * The writes of a split `checkSplit` allowed: the original keeps its quantity less the split's (if
 * it still holds what the split read and copies: `splitGuard`), a new unit copying what describes
 * the stock takes it, and each gets a `split` record naming the other. `name`: the new unit's insert
 * (`insertedId`), distinct for each split of one plan.
 */
export function planSplit(
  unit: InventoryUnit,
  input: Pick<SplitInput, 'inventory_sublocation_id' | 'quantity' | 'sublocation_bin' | 'comment'>,
  assetId: string | null,
  stamp: ChangeStamp,
  name = 'split',
): SplitPlan {
  const left = subtractDecimal(unit.quantity, input.quantity);
  const original = updateRow('inventory_unit', unit.id, { quantity: left, updated_at: stamp.now }, splitGuard(unit));
  const { id: _id, ...copied } = unit;
  const split = insertRow(
    'inventory_unit',
    {
      ...copied,
      quantity: input.quantity,
      inventory_sublocation_id: input.inventory_sublocation_id,
      sublocation_bin: input.sublocation_bin,
      asset_id: assetId,
      serial_number: null,
      created_at: stamp.now,
      updated_at: stamp.now,
    },
    name,
  );
  const made = { id: insertedId(name), part_id: unit.part_id };
  const comment = input.comment;
  const plan = writePlan([
    original,
    split,
    insertRow('inventory_record', recordValues(unit, { type: 'split', before: unit.quantity, after: left, related: made.id, comment }, stamp)),
    insertRow(
      'inventory_record',
      recordValues(made, { type: 'split', before: '0.0', after: input.quantity, to: input.inventory_sublocation_id, related: unit.id, comment }, stamp),
    ),
  ]);
  return { plan, original, split };
}
