import { withEvents } from '../../events';
import { unitEvent } from '../unit-events';
import type { Context } from '../../context';
import type { Tx } from '../../ports';
import { requirePermission } from '../../permissions';
import { count, many, ref } from '../../read-plan';
import { nextAssetId, settlingAssetIdRace } from '../asset-id';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { MEASURE_COLUMNS, unitViewsOf, type InventoryUnitView, type UnitPlaces } from '../unit-view';
import type { CreateUnitInput } from './create-unit-input';
import { checkCreateUnit, planCreateUnit, type CreateUnitState } from './create-unit-rules';

/** `{ $in: [value] }`, or a condition no row meets when the body names no value. */
const valueIfGiven = (value: string | null | undefined) => ({ $in: value ? [value] : [] });

/**
 * Everything a create is checked against, and the new unit's place for its answer, in one
 * statement. Locked, as every stock rule reads what it relies on: the part (a change of its unit
 * of measure waits for this unit, or this unit for it), the conversions the measure relies on, and
 * the sublocation when a bin comes with it (a bin is what turning `has_bins` off must see).
 */
async function loadCreateUnit(tx: Tx, input: CreateUnitInput): Promise<{ state: CreateUnitState; places: UnitPlaces }> {
  const { partId, fields } = input;
  const partMeasure = ref('parts', 'unit_id');
  const loaded = await tx.load({
    parts: many('part', { id: partId }, { lock: true, columns: ['id', 'unit_id'] }),
    measures: many('unit', { $or: [{ id: fields.unit_id }, { id: partMeasure }] }, { columns: MEASURE_COLUMNS }),
    conversions: many(
      'unit_conversion',
      { $or: [{ from_unit_id: fields.unit_id, to_unit_id: partMeasure }, { from_unit_id: partMeasure, to_unit_id: fields.unit_id }] },
      { lock: true, columns: ['id', 'from_unit_id', 'to_unit_id'] },
    ),
    sublocations: many('inventory_sublocation', { id: fields.inventory_sublocation_id }, { lock: Boolean(fields.sublocation_bin) }),
    locations: many('inventory_location', { id: ref('sublocations', 'inventory_location_id') }),
    assetIdHolders: count('inventory_unit', { asset_id: valueIfGiven(fields.asset_id) }),
    serialNumberHolders: count('inventory_unit', { part_id: partId, serial_number: valueIfGiven(fields.serial_number) }),
  });
  const part = loaded.parts[0] ?? null;
  const measureOf = (id: number | undefined) => loaded.measures.find((measure) => measure.id === id) ?? null;
  const state: CreateUnitState = {
    part,
    sublocation: loaded.sublocations[0] ?? null,
    measure: measureOf(fields.unit_id),
    partMeasure: measureOf(part?.unit_id),
    conversions: loaded.conversions,
    assetIdTaken: loaded.assetIdHolders > 0,
    serialNumberTaken: loaded.serialNumberHolders > 0,
  };
  return { state, places: loaded };
}

/**
 * SPEC 4.1 `POST <P>/parts/:part_id/inventory_units`: a new unit of the part, with its `create`
 * record, in one transaction: one statement reads what the checks need, one writes the plan (and a
 * generated asset id takes the sequence's next number first, two statements more).
 */
export async function createInventoryUnit(ctx: Context, input: CreateUnitInput): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  return settlingAssetIdRace('invalid', () =>
    ctx.store.transaction(async (tx) => {
      const { state, places } = await loadCreateUnit(tx, input);
      checkCreateUnit(input, state);
      const assetId = input.fields.asset_id ?? (input.generateAssetId ? await nextAssetId(tx) : null);
      const planned = planCreateUnit(input, assetId, ctx.site.currency, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
      const written = await tx.write(withEvents(planned.plan, [unitEvent(ctx, 'created', input.partId, planned.unit)]), { commit: true });
      return unitViewsOf([written.row(planned.unit)], places)[0]!;
    }),
  );
}
