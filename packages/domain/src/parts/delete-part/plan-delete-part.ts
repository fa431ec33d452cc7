import type { Part } from '../../records';
import { deleteRows, updateRow, writePlan, type WritePlan } from '../../write-plan';

/**
 * The part's link to its active revision cleared, if it has one: the part points at a revision
 * and every revision at the part, and a store checking each step at once could delete neither
 * first. It is a write of its own, since a plan may not change a row it deletes.
 */
export function planUnlink(part: Pick<Part, 'id' | 'active_revision_id'>): WritePlan | null {
  if (part.active_revision_id === null) return null;
  return writePlan([updateRow('part', part.id, { active_revision_id: null }, { active_revision_id: part.active_revision_id })]);
}

/**
 * The part and what only describes it, dependents first: its revisions (`revisionIds`) with their
 * attributes and bills, alternates both ways, vendor numbers, quotes, its units (empty, or the
 * delete was refused) with their history, then the part.
 */
export function planDeletePart(part: Pick<Part, 'id'>, revisionIds: readonly number[]): WritePlan {
  const own = { part_id: part.id };
  return writePlan([
    ...(revisionIds.length > 0 ? [deleteRows('part_revision_attribute', { part_revision_id: { $in: [...revisionIds] } })] : []),
    deleteRows('subpart', own),
    deleteRows('part_revision', own),
    deleteRows('alternate_part', own),
    deleteRows('alternate_part', { alternate_part_id: part.id }),
    deleteRows('vendor_part_number', own),
    deleteRows('quote', own),
    deleteRows('inventory_record', own),
    deleteRows('inventory_unit', own),
    deleteRows('part', { id: part.id }),
  ]);
}
