import { messages } from '../../errors';
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

/**
 * Every rule a part's delete checks first (DESIGN 4: not while the part holds stock or sits on a
 * bill of material). The work that adds stock and bills of material adds its guard here; the
 * store still refuses a delete that would break a declared reference.
 */
export const deleteGuards: readonly DeleteGuard[] = [notOnBills];
