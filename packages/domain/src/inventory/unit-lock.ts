import { errors } from '../errors';
import type { ReadTx, Tx } from '../ports';
import { many, ref } from '../read-plan';
import type { InventorySublocation, InventoryUnit } from '../records';
import { MEASURE_COLUMNS, type UnitPlaces } from './unit-view';

/**
 * Unit `unitId` of part `partId`, locked until the transaction ends: every change to a unit reads
 * it through here, so changes to one unit take turns and each sees the quantity the last left.
 * Another part's unit is a 404, as a missing one is.
 */
export async function lockUnitOfPart(tx: Tx, partId: number, unitId: number): Promise<InventoryUnit> {
  const unit = await tx.repo('inventory_unit').get(unitId, { lock: true });
  if (!unit || unit.part_id !== partId) throw errors.notFound('InventoryUnit', unitId);
  return unit;
}

/**
 * `lockUnitOfPart` and the unit's measure and places in one statement, with sublocation
 * `alsoSublocationId` among the places when given (where a command puts stock; it is simply not
 * among them when it does not exist). The places are read from the unit as locked.
 */
export const lockUnitWithPlaces = (tx: Tx, partId: number, unitId: number, alsoSublocationId?: number): Promise<UnitWithPlaces> =>
  unitWithPlaces(tx, partId, unitId, { lock: true, alsoSublocationIds: alsoSublocationId === undefined ? [] : [alsoSublocationId] });

/** A unit of a part with its measure and places, as `lockUnitWithPlaces` reads them. */
export interface UnitWithPlaces {
  unit: InventoryUnit;
  places: UnitPlaces;
}

/**
 * The unit and its measure and places in one statement, locked or not: a command that writes
 * guarded on what it read (`unitGuard`) reads them without a lock, outside a transaction.
 */
export async function unitWithPlaces(
  tx: ReadTx,
  partId: number,
  unitId: number,
  options: { readonly lock: boolean; readonly alsoSublocationIds?: readonly number[] },
): Promise<UnitWithPlaces> {
  const { lock, alsoSublocationIds = [] } = options;
  const also = alsoSublocationIds.length === 1 ? { id: alsoSublocationIds[0]! } : { id: { $in: alsoSublocationIds } };
  const here = { id: ref('units', 'inventory_sublocation_id') };
  const loaded = await tx.load({
    units: many('inventory_unit', { id: unitId, part_id: partId }, { lock }),
    measures: many('unit', { id: ref('units', 'unit_id') }, { columns: MEASURE_COLUMNS }),
    sublocations: many('inventory_sublocation', alsoSublocationIds.length === 0 ? here : { $or: [here, also] }),
    locations: many('inventory_location', { id: ref('sublocations', 'inventory_location_id') }),
  });
  const unit = loaded.units[0];
  if (!unit) throw errors.notFound('InventoryUnit', unitId);
  return { unit, places: loaded };
}

/** The key under which commands on unit `unitId` take turns in this process (`inTurn`). */
export const unitTurn = (unitId: number): string => `inventory_unit:${unitId}`;

/**
 * `sublocations` with sublocation `id` as it is once locked (left out when it is gone): where a
 * command puts a bin, since a bin is what turning `has_bins` off must see.
 */
export async function lockedTarget(tx: Tx, id: number, sublocations: InventorySublocation[]): Promise<InventorySublocation[]> {
  const locked = await tx.repo('inventory_sublocation').get(id, { lock: true });
  const others = sublocations.filter((sublocation) => sublocation.id !== id);
  return locked ? [...others, locked] : others;
}
