import { errors } from '../errors';
import { many, ref as planRef, type PlanMany, type PlanRef } from '../read-plan';
import type { Part, PartRevision } from '../records';
import { parseRecordId } from '../record-id';

/** How a path names a part: its id, or its part number (`find_by=partnumber`). */
export type PartRef = { readonly id: number } | { readonly partnumber: string };

/** The 404 for a part `ref` names and the store does not hold. */
export function partNotFound(ref: PartRef) {
  return 'id' in ref ? errors.notFound('Part', ref.id) : errors.notFoundBy('Part', 'partnumber', ref.partnumber);
}

/** A read-plan entry for the part `ref` names (none or one row), locked unless `lock` is false: what a command changing it reads first. */
export function lockedPart(ref: PartRef, lock = true): PlanMany<'part'> {
  return many('part', 'id' in ref ? { id: ref.id } : { partnumber: ref.partnumber }, { lock });
}

/** A `revision_id` as given: absent or blank, a revision id, or text naming none (kept for the 404). */
type RevisionChoice = { readonly kind: 'active' } | { readonly kind: 'id'; readonly id: number | null; readonly text: string };

function revisionChoice(revisionId: unknown): RevisionChoice {
  const blank = revisionId === undefined || revisionId === null || (typeof revisionId === 'string' && revisionId.trim() === '');
  if (blank) return { kind: 'active' };
  const text = typeof revisionId === 'string' ? revisionId.trim() : '';
  return { kind: 'id', id: parseRecordId(text), text };
}

/**
 * The revision `revisionId` (the query's `revision_id`) selects among `part`'s `revisions` (all of
 * them): the one it names, else the active one, else (a part whose active revision is gone) its
 * latest. Anything else, another part's revision included, is a 404.
 */
export function chooseRevision(part: Part, revisions: readonly PartRevision[], revisionId: unknown): PartRevision {
  const choice = revisionChoice(revisionId);
  if (choice.kind === 'active') {
    const active = revisions.find((r) => r.id === part.active_revision_id);
    const latest = revisions.reduce<PartRevision | null>((best, r) => (best === null || r.id > best.id ? r : best), null);
    const revision = active ?? latest;
    if (!revision) throw errors.notFound('PartRevision', part.active_revision_id ?? '');
    return revision;
  }
  const revision = revisions.find((r) => r.id === choice.id && r.part_id === part.id);
  if (!revision) throw errors.notFound('PartRevision', choice.text);
  return revision;
}

/**
 * The id of the part `ref` names, for the entries of a plan beside `lockedPart(ref)` (named
 * `entry`): the id itself when the path gives it, else that entry's.
 */
export const lockedPartId = (ref: PartRef, entry: string): number | PlanRef => ('id' in ref ? ref.id : planRef(entry, 'id'));
