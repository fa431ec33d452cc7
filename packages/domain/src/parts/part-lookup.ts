import { errors } from '../errors';
import type { Tx } from '../ports';
import { many, type PlanMany } from '../read-plan';
import type { Part, PartRevision } from '../records';
import { parseRecordId } from '../record-id';

/** How a path names a part: its id, or its part number (`find_by=partnumber`). */
export type PartRef = { readonly id: number } | { readonly partnumber: string };

/** The 404 for a part `ref` names and the store does not hold. */
export function partNotFound(ref: PartRef) {
  return 'id' in ref ? errors.notFound('Part', ref.id) : errors.notFoundBy('Part', 'partnumber', ref.partnumber);
}

/** A read-plan entry for the part `ref` names (none or one row), locked: what a command changing it reads first. */
export function lockedPart(ref: PartRef): PlanMany<'part'> {
  return many('part', 'id' in ref ? { id: ref.id } : { partnumber: ref.partnumber }, { lock: true });
}

/** The part `ref` names (read locked when `lock`); a 404 when there is none. */
export async function findPart(tx: Tx, ref: PartRef, lock = false): Promise<Part> {
  const part =
    'id' in ref ? await tx.repo('part').get(ref.id, { lock }) : await tx.repo('part').findOne({ partnumber: ref.partnumber }, { lock });
  if (!part) throw partNotFound(ref);
  return part;
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
 * `selectRevision` on revisions in hand (all of `part`'s): the one `revisionId` names, else the
 * active one, else (a part whose active revision is gone) its latest.
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
 * The revision `revisionId` (the query's `revision_id`) selects, which must be one of `part`'s;
 * without it, the part's active revision. Anything else, another part's revision included, is a 404.
 * The part's revisions are read (locked when `lock`, in id order) and chosen by the one rule, `chooseRevision`.
 */
export async function selectRevision(tx: Tx, part: Part, revisionId: unknown, lock = false): Promise<PartRevision> {
  return chooseRevision(part, await tx.repo('part_revision').find({ part_id: part.id }, { lock, orderBy: [['id', 'asc']] }), revisionId);
}
