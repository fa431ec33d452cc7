import { messages } from '../errors';
import type { InventorySublocation, Unit, UnitConversion } from '../records';

/**
 * The rules a stock keeper expects of every unit, whichever command writes it (create, update,
 * move, split, a purchase order's receipt): plain functions of plain values, each answering the
 * messages of what it refuses (docs/decisions.md, "Inventory units").
 */

/**
 * A serial number as a unit keeps it: without the whitespace around it, which no one means to be
 * part of one (a copy from a label or a spreadsheet brings it along). Case and the characters
 * inside are kept: `SN-1`, `sn-1` and `SN 1` are three serial numbers.
 */
export function serialNumberOf<T extends string | null | undefined>(value: T): T {
  return (typeof value === 'string' ? value.trim() : value) as T;
}

/** A bin only where the sublocation has bins (`has_bins`); no bin is always fine. */
export function binProblems(bin: string | null | undefined, sublocation: Pick<InventorySublocation, 'name' | 'has_bins'>): string[] {
  return bin && !sublocation.has_bins ? [messages.binWithoutBins(sublocation.name)] : [];
}

/** The two ends of a conversion: one `from_unit_id` is `factor` `to_unit_id`s. */
export type ConversionEnds = Pick<UnitConversion, 'from_unit_id' | 'to_unit_id'>;

/**
 * True when a quantity in unit `measureId` can be had in unit `partMeasureId`: the same unit, or a
 * conversion between the two in either direction (a factor divides as well as it multiplies, as
 * the exploded bill's costs use it).
 */
export function converts(measureId: number, partMeasureId: number, conversions: readonly ConversionEnds[]): boolean {
  if (measureId === partMeasureId) return true;
  return conversions.some(
    (c) => (c.from_unit_id === measureId && c.to_unit_id === partMeasureId) || (c.from_unit_id === partMeasureId && c.to_unit_id === measureId),
  );
}

/** Stock is counted in its part's unit of measure or in one that converts to it. */
export function measureProblems(
  measure: Pick<Unit, 'id' | 'name'>,
  partMeasure: Pick<Unit, 'id' | 'name'>,
  conversions: readonly ConversionEnds[],
): string[] {
  return converts(measure.id, partMeasure.id, conversions) ? [] : [messages.noConversion(measure.name, partMeasure.name)];
}

/** How many units a refusal names before it only counts the rest: an answer stays short whatever the stock. */
export const UNITS_NAMED = 10;

/** `4, 9, 12`, or the first UNITS_NAMED ids and `and 37 more` when `total` is larger than the ids given. */
export function unitIdList(ids: readonly number[], total: number = ids.length): string {
  const named = ids.slice(0, UNITS_NAMED);
  const more = total - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}
