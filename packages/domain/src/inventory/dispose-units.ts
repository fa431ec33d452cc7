import { errors, messages } from '../errors';
import type { Tx } from '../ports';
import type { InventoryUnit } from '../records';
import { writeRecord, type ChangeStamp } from './inventory-record';

/** What a release says of one of the part's units (SPEC 4.7). */
export interface UnitDisposition {
  readonly id: number;
  readonly action: 'keep' | 'dispose';
  readonly disposition_comment: string | null;
}

/**
 * Each unit a release lists must be a unit of `partId` (400, every stranger named). Read without
 * a lock: a unit never changes part, so the answer holds until the units are locked.
 */
export async function checkListedUnits(tx: Tx, partId: number, listed: readonly UnitDisposition[]): Promise<void> {
  if (listed.length === 0) return;
  const ids = [...new Set(listed.map((choice) => choice.id))];
  const units = await tx.repo('inventory_unit').find({ id: { $in: ids } });
  const strangers = ids.filter((id) => !units.some((unit) => unit.id === id && unit.part_id === partId));
  if (strangers.length > 0) throw errors.invalid(strangers.map((id) => messages.notAUnitOfPart(id)));
}

/** The units a release lists, locked in id order: after the parts the release locks, as no command locks a unit before a part. */
export async function lockListedUnits(tx: Tx, listed: readonly UnitDisposition[]): Promise<InventoryUnit[]> {
  if (listed.length === 0) return [];
  const ids = [...new Set(listed.map((choice) => choice.id))];
  return tx.repo('inventory_unit').find({ id: { $in: ids } }, { lock: true, orderBy: [['id', 'asc']] });
}

/** DESIGN 4: each unit listed `dispose` goes to 0, with a `dispose` record holding its comment; `keep` leaves it. */
export async function disposeUnits(tx: Tx, units: readonly InventoryUnit[], listed: readonly UnitDisposition[], stamp: ChangeStamp): Promise<void> {
  for (const unit of units) {
    const choice = listed.find((candidate) => candidate.id === unit.id && candidate.action === 'dispose');
    if (!choice) continue;
    await tx.repo('inventory_unit').update(unit.id, { quantity: '0.0', updated_at: stamp.now });
    await writeRecord(tx, unit, { type: 'dispose', before: unit.quantity, after: '0.0', comment: choice.disposition_comment }, stamp);
  }
}

/**
 * The part's units, locked in id order, for a part's delete: it goes only when none holds stock
 * (DESIGN 4), and the lock makes an adjustment that commits first visible here.
 */
export async function lockPartUnits(tx: Tx, partId: number): Promise<InventoryUnit[]> {
  return tx.repo('inventory_unit').find({ part_id: partId }, { lock: true, orderBy: [['id', 'asc']] });
}
