import { errors, messages } from '../errors';
import type { Tx } from '../ports';
import { count, many, ref } from '../read-plan';
import type { InventorySublocation, UnitConversion } from '../records';
import { lockedConversions } from './stock-checks';
import { UNITS_NAMED, converts, unitIdList } from './stock-rules';

/**
 * What keeps the stock rules true when the data they rest on changes rather than the unit itself
 * (docs/decisions.md, "Inventory units"): each refuses (422) a change that would leave a unit with
 * a bin where there are none, or counted in a unit with no conversion to its part's. Each runs
 * with the changed row locked, which is the row the commands writing units lock (stock-checks.ts).
 */

/** Turning a sublocation's `has_bins` off while units are kept in its bins. */
export async function refuseBinsOffWhileUsed(tx: Tx, existing: InventorySublocation, hasBins: boolean | undefined): Promise<void> {
  if (!existing.has_bins || hasBins !== false) return;
  const inBins = { inventory_sublocation_id: existing.id, sublocation_bin: { $ne: null } };
  const found = await tx.load({ units: many('inventory_unit', inBins, { columns: ['id'], limit: UNITS_NAMED }), total: count('inventory_unit', inBins) });
  if (found.total > 0) throw errors.unprocessable([messages.binsInUse(unitIdList(found.units.map((unit) => unit.id), found.total))]);
}

/** Parts read at a time while looking for the units a conversion serves. */
const PART_BATCH = 1000;

/**
 * Deleting the last conversion between two units of measure while a unit of stock is counted in
 * one of them for a part counted in the other. The two directions of a pair are deleted one at a
 * time (both lock the pair's lower unit of measure), so each sees whether the other remains.
 */
export async function refuseConversionDeleteWhileCounted(tx: Tx, conversion: UnitConversion): Promise<void> {
  const { from_unit_id: from, to_unit_id: to } = conversion;
  await tx.repo('unit').get(Math.min(from, to), { lock: true });
  const pair = await tx.repo('unit_conversion').find({ $or: [{ from_unit_id: from, to_unit_id: to }, { from_unit_id: to, to_unit_id: from }] });
  if (pair.some((other) => other.id !== conversion.id)) return;
  const ids: number[] = [];
  let total = 0;
  // Stock counted in one end for parts counted in the other, a batch of parts at a time (parts
  // counted in a common unit may be most of the store).
  for (const [counted, partUnit] of [[from, to], [to, from]] as const) {
    for (let after = 0; ; ) {
      const batch = await tx.load({
        parts: many('part', { unit_id: partUnit, id: { $gt: after } }, { columns: ['id'], limit: PART_BATCH }),
        units: many('inventory_unit', { unit_id: counted, part_id: ref('parts', 'id') }, { columns: ['id'], limit: UNITS_NAMED }),
        total: count('inventory_unit', { unit_id: counted, part_id: ref('parts', 'id') }),
      });
      ids.push(...batch.units.map((unit) => unit.id));
      total += batch.total;
      if (batch.parts.length < PART_BATCH) break;
      after = batch.parts.at(-1)!.id;
    }
  }
  if (total === 0) return;
  const names = new Map((await tx.repo('unit').find({ id: { $in: [from, to] } })).map((unit) => [unit.id, unit.name]));
  const sorted = ids.sort((a, b) => a - b);
  throw errors.unprocessable([messages.conversionInUse(names.get(from)!, names.get(to)!, unitIdList(sorted, total))]);
}

/**
 * Changing a part's unit of measure to one that some of its units' measures do not convert to.
 * The part is locked by its update, as by every command that adds a unit to it; the conversions
 * relied on are locked too, so none is deleted under the change.
 */
export async function refuseUnitChangeStrandingStock(tx: Tx, partId: number, newUnitId: number): Promise<void> {
  const { units } = await tx.load({ units: many('inventory_unit', { part_id: partId, unit_id: { $ne: newUnitId } }, { columns: ['id', 'unit_id'] }) });
  if (units.length === 0) return;
  const measures = [...new Set(units.map((unit) => unit.unit_id))];
  const conversions = await lockedConversions(tx, measures.map((measure) => [measure, newUnitId] as const));
  const stranded = units.filter((unit) => !converts(unit.unit_id, newUnitId, conversions)).map((unit) => unit.id);
  if (stranded.length === 0) return;
  const unit = (await tx.repo('unit').get(newUnitId))!;
  throw errors.unprocessable([messages.unitChangeStrandsStock(unit.name, unitIdList(stranded))]);
}
