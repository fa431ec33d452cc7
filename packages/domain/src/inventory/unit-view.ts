import { errors } from '../errors';
import type { ReadTx } from '../ports';
import { many, ref } from '../read-plan';
import type { InventoryLocation, InventorySublocation, InventoryUnit } from '../records';

/** A unit of stock as its full form shows it (SPEC 2.1): the row, its measure's name and its place. */
export interface InventoryUnitView {
  readonly unit: InventoryUnit;
  /** The name of the unit of measure the quantity counts in. */
  readonly unitName: string;
  /** DESIGN 4: `<location shortname> - <sublocation name>`, then ` - <bin>` when a bin is set. */
  readonly location: string;
}

/** DESIGN 4's label; the location's name stands in when it has no shortname. */
export function locationLabel(
  location: Pick<InventoryLocation, 'name' | 'shortname'>,
  sublocation: Pick<InventorySublocation, 'name'>,
  bin: string | null,
): string {
  const place = `${location.shortname || location.name} - ${sublocation.name}`;
  return bin ? `${place} - ${bin}` : place;
}

/** What a unit's measure is read for: its name on the form, and whether it counts fractions. */
export const MEASURE_COLUMNS = ['id', 'name', 'allow_fractional'] as const;

/** The plan entries reading the measure and place of the units an earlier entry `units` holds. */
export const unitPlaceEntries = (units: string) => ({
  measures: many('unit', { id: ref(units, 'unit_id') }, { columns: MEASURE_COLUMNS }),
  sublocations: many('inventory_sublocation', { id: ref(units, 'inventory_sublocation_id') }),
  locations: many('inventory_location', { id: ref('sublocations', 'inventory_location_id') }),
});

export interface UnitPlaces {
  measures: Array<{ id: number; name: string; allow_fractional: boolean }>;
  sublocations: InventorySublocation[];
  locations: InventoryLocation[];
}

/** The views of `units` from their loaded places, in their order. */
export function unitViewsOf(units: readonly InventoryUnit[], places: UnitPlaces): InventoryUnitView[] {
  const measures = new Map(places.measures.map((m) => [m.id, m.name]));
  const sublocations = new Map(places.sublocations.map((s) => [s.id, s]));
  const locations = new Map(places.locations.map((l) => [l.id, l]));
  return units.map((unit) => {
    const sublocation = sublocations.get(unit.inventory_sublocation_id)!;
    const location = locations.get(sublocation.inventory_location_id)!;
    return { unit, unitName: measures.get(unit.unit_id)!, location: locationLabel(location, sublocation, unit.sublocation_bin) };
  });
}

/**
 * The measures, sublocations and locations of units in hand (or about to be: what a command will
 * write), in one statement; a sublocation that does not exist is simply not among them.
 */
export async function loadPlaces(tx: ReadTx, units: ReadonlyArray<Pick<InventoryUnit, 'unit_id' | 'inventory_sublocation_id'>>): Promise<UnitPlaces> {
  return tx.load({
    measures: many('unit', { id: { $in: units.map((unit) => unit.unit_id) } }, { columns: MEASURE_COLUMNS }),
    sublocations: many('inventory_sublocation', { id: { $in: units.map((unit) => unit.inventory_sublocation_id) } }),
    locations: many('inventory_location', { id: ref('sublocations', 'inventory_location_id') }),
  });
}

/** The views of `units` (rows in hand, e.g. just written), in their order: one statement. */
export async function viewUnits(tx: ReadTx, units: readonly InventoryUnit[]): Promise<InventoryUnitView[]> {
  return unitViewsOf(units, await loadPlaces(tx, units));
}

/** Unit `unitId` of part `partId` with its measure and place, in one statement; a 404 when the part has no such unit. */
export async function readUnitView(tx: ReadTx, partId: number, unitId: number): Promise<InventoryUnitView> {
  const loaded = await tx.load({
    // The part comes along so a path naming no part says so, not that the unit is missing.
    part: many('part', { id: partId }, { columns: ['id'] }),
    units: many('inventory_unit', { id: unitId, part_id: partId }),
    ...unitPlaceEntries('units'),
  });
  if (loaded.part.length === 0) throw errors.notFound('Part', partId);
  const unit = loaded.units[0];
  if (!unit) throw errors.notFound('InventoryUnit', unitId);
  return unitViewsOf([unit], loaded)[0]!;
}

