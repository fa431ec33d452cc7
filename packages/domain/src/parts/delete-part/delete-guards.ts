import { compareDecimal } from '../../decimal';
import { messages } from '../../errors';
import { lockPartUnits } from '../../inventory/dispose-units';
import type { Tx } from '../../ports';
import type { Part } from '../../records';

/** A rule that can refuse a part's delete: the message why (a 422) while the part may not go, else null. */
export type DeleteGuard = (tx: Tx, part: Part) => Promise<string | null>;

/** Not while any revision of another part lists it, released or not; the holders named in id order. */
async function notOnBills(tx: Tx, part: Part): Promise<string | null> {
  const lines = await tx.repo('subpart').find({ subpart_id: part.id });
  if (lines.length === 0) return null;
  const holders = await tx.repo('part').find({ id: { $in: [...new Set(lines.map((line) => line.part_id))] } }, { orderBy: [['id', 'asc']] });
  return messages.usedOnBills(holders.map((holder) => holder.partnumber));
}

/** Not while any of its units holds stock; the units are read locked, so a change committed first is seen. */
async function holdsNoStock(tx: Tx, part: Part): Promise<string | null> {
  const stocked = (await lockPartUnits(tx, part.id)).filter((unit) => compareDecimal(unit.quantity, '0') > 0);
  return stocked.length === 0 ? null : messages.holdsStock(stocked.map((unit) => unit.id));
}

/**
 * Every rule a part's delete checks first (DESIGN 4: not while the part holds stock or sits on a
 * bill of material). The store still refuses a delete that would break a declared reference.
 */
export const deleteGuards: readonly DeleteGuard[] = [holdsNoStock, notOnBills];
