import { errors } from '../errors';
import type { Tx } from '../ports';
import type { Part, PartRevision } from '../records';

/**
 * Part `partId` read locked, in a statement of its own (every change to a part's revisions takes
 * this lock first, so they take turns); a 404 when missing. What the command then reads of the
 * part's revisions is read after the lock is held: a statement's snapshot is taken when it begins,
 * so a read in the locking statement itself would miss a revision a holder of the lock just
 * committed (a second draft, made while this one waited).
 */
export async function lockPart(tx: Tx, partId: number): Promise<Part> {
  const part = await tx.repo('part').get(partId, { lock: true });
  if (!part) throw errors.notFound('Part', partId);
  return part;
}

/** The revision `id` among the part's, or the 404 naming it. */
export function revisionAmong(revisions: readonly PartRevision[], id: number): PartRevision {
  const revision = revisions.find((candidate) => candidate.id === id);
  if (!revision) throw errors.notFound('PartRevision', id);
  return revision;
}
