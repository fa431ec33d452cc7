import { messages } from '../errors';
import type { Tx } from '../ports';
import type { UnitConversion } from '../records';

/**
 * The stock rules where they need the store (docs/decisions.md, "Inventory units"). What a rule
 * relies on is read locked, so the change that would undo it (a conversion deleted, a part's unit
 * or a sublocation's `has_bins` changed, each of which locks the same row) waits for this
 * transaction and then sees what it wrote, or this one waits and sees that change.
 */

/** The unique key that holds a serial number to one unit of its part, whatever races past the check. */
export const SERIAL_NUMBER_KEY = 'inventory_unit_part_serial_number_unique';

/** `Serial number has already been taken` when another unit of the part has `serial`. */
export async function serialNumberProblems(tx: Tx, partId: number, serial: string | null | undefined, selfId: number | null): Promise<string[]> {
  if (!serial) return [];
  const holder = await tx.repo('inventory_unit').findOne({ part_id: partId, serial_number: serial });
  return holder && holder.id !== selfId ? [messages.taken('serial_number')] : [];
}

/** Every conversion between the units of each pair, in either direction, locked in id order. */
export async function lockedConversions(tx: Tx, pairs: ReadonlyArray<readonly [number, number]>): Promise<UnitConversion[]> {
  const between = pairs.filter(([a, b]) => a !== b);
  if (between.length === 0) return [];
  const $or = between.flatMap(([a, b]) => [
    { from_unit_id: a, to_unit_id: b },
    { from_unit_id: b, to_unit_id: a },
  ]);
  return tx.repo('unit_conversion').find({ $or }, { lock: true, orderBy: [['id', 'asc']] });
}
