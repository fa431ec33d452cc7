import { errors } from '../errors';
import type { Tx } from '../ports';
import type { Part, PartRevision } from '../records';

/**
 * Part `partId` read locked (every change to a part's revisions takes this lock first, so they
 * take turns) with its revisions in id order, locked too when `lockRevisions`; a 404 when missing.
 */
export async function lockPartRevisions(tx: Tx, partId: number, lockRevisions = false): Promise<{ part: Part; revisions: PartRevision[] }> {
  const part = await tx.repo('part').get(partId, { lock: true });
  if (!part) throw errors.notFound('Part', partId);
  const revisions = await tx.repo('part_revision').find({ part_id: part.id }, { lock: lockRevisions, orderBy: [['id', 'asc']] });
  return { part, revisions };
}

/** The revision `id` among the part's, or the 404 naming it. */
export function revisionAmong(revisions: readonly PartRevision[], id: number): PartRevision {
  const revision = revisions.find((candidate) => candidate.id === id);
  if (!revision) throw errors.notFound('PartRevision', id);
  return revision;
}
