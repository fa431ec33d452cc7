import { many, ref, type PlanParam, type PlanRef } from '../read-plan';
import type { Part, Subpart } from '../records';

/** A bill's lines in their order: by position, then by id. */
export const BILL_ORDER = [
  ['position', 'asc'],
  ['id', 'asc'],
] as const;

/** The lines of the bill of `revision`: an id, a parameter, or a reference to revisions an earlier entry loaded. */
export const billLines = (revision: number | PlanRef | PlanParam) => many('subpart', { part_revision_id: revision }, { orderBy: BILL_ORDER });

/** The lines listing `part` on any bill, and the parts holding those bills (only what `currentUses` needs). */
export const usedOnEntries = (part: number | PlanRef) => ({
  usedOnLines: many('subpart', { subpart_id: part }),
  usedOnParts: many('part', { id: ref('usedOnLines', 'part_id') }, { columns: ['id', 'active_revision_id'] }),
});

export interface UsedOn {
  usedOnLines: Subpart[];
  usedOnParts: Array<Pick<Part, 'id' | 'active_revision_id'>>;
}

/**
 * The lines listing the part on each holder's current revision (DESIGN 4: a part is used where a
 * part's current revision lists it), in id order. Lines on a holder's other revisions do not count.
 */
export function currentUses(loaded: UsedOn): Subpart[] {
  const current = new Map(loaded.usedOnParts.map((holder) => [holder.id, holder.active_revision_id]));
  return loaded.usedOnLines.filter((line) => current.get(line.part_id) === line.part_revision_id);
}
