import { errors } from '../errors';
import type { Tx } from '../ports';
import type { Part, PartRevision } from '../records';

/** How a path names a part: its id, or its part number (`find_by=partnumber`). */
export type PartRef = { readonly id: number } | { readonly partnumber: string };

const MAX_ID = 2_147_483_647;

/** The part `ref` names (read locked when `lock`); a 404 when there is none. */
export async function findPart(tx: Tx, ref: PartRef, lock = false): Promise<Part> {
  if ('id' in ref) {
    const part = await tx.repo('part').get(ref.id, { lock });
    if (!part) throw errors.notFound('Part', ref.id);
    return part;
  }
  const part = await tx.repo('part').findOne({ partnumber: ref.partnumber }, { lock });
  if (!part) throw errors.notFoundBy('Part', 'partnumber', ref.partnumber);
  return part;
}

/**
 * The revision `revisionId` (the query's `revision_id`) selects, which must be one of `part`'s;
 * without it, the part's active revision. Anything else, another part's revision included, is a 404.
 */
export async function selectRevision(tx: Tx, part: Part, revisionId: unknown, lock = false): Promise<PartRevision> {
  const revisions = tx.repo('part_revision');
  const blank = revisionId === undefined || revisionId === null || (typeof revisionId === 'string' && revisionId.trim() === '');
  if (blank) {
    const active = part.active_revision_id === null ? null : await revisions.get(part.active_revision_id, { lock });
    // Every part is created with a revision that becomes active; a part without one shows its latest.
    const revision = active ?? (await revisions.findOne({ part_id: part.id }, { orderBy: [['id', 'desc']], lock }));
    if (!revision) throw errors.notFound('PartRevision', part.active_revision_id ?? '');
    return revision;
  }
  const text = typeof revisionId === 'string' ? revisionId.trim() : '';
  const id = /^\d+$/.test(text) && Number(text) <= MAX_ID ? Number(text) : null;
  const revision = id === null ? null : await revisions.get(id, { lock });
  if (!revision || revision.part_id !== part.id) throw errors.notFound('PartRevision', text);
  return revision;
}
