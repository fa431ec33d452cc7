import { errors, messages } from '../errors';
import type { ReadTx } from '../ports';
import { MAX_RECORD_ID } from '../record-id';
import type { AttachmentParentType } from '../tables/attachment-tables';

/** The record an attachment belongs to, as named in a request. */
export interface ParentName {
  readonly type: AttachmentParentType;
  readonly id: number;
  /** The part a revision was named under (`parts/12/revisions/34`), checked against the revision's own. */
  readonly partId?: number;
}

/** Owners named by their API path's segment and id. */
const SIMPLE = /^(part|part_revision|manufacturer|vendor|customer|contact)\/(\d{1,10})$/;
const REVISION = /^parts\/(\d{1,10})\/revisions\/(\d{1,10})$/;

/** `part/12`, `parts/12/revisions/34`, `part_revision/34`, `manufacturer/3`…; null for anything else. */
export function parseParent(text: string): ParentName | null {
  const path = text.trim().replace(/^\/+|\/+$/g, '');
  const revision = REVISION.exec(path);
  if (revision) return { type: 'part_revision', id: Number(revision[2]), partId: Number(revision[1]) };
  const simple = SIMPLE.exec(path);
  return simple ? { type: simple[1] as AttachmentParentType, id: Number(simple[2]) } : null;
}

/**
 * The owner's `parent_reference`: its path in the API (a revision's under its part), read from
 * the store; a 400 `Part must exist` (or the owner's kind) when there is no such record.
 */
export async function parentReference(tx: ReadTx, parent: ParentName, lock = false): Promise<string> {
  // An id past the largest a record can have names nothing; the store is not asked (PostgreSQL would refuse the number).
  if (parent.id > MAX_RECORD_ID || (parent.partId ?? 0) > MAX_RECORD_ID) throw errors.invalid([messages.mustExist(parent.type)]);
  if (parent.type === 'part_revision') {
    const revision = await tx.repo('part_revision').get(parent.id, { lock });
    if (!revision || (parent.partId !== undefined && revision.part_id !== parent.partId)) throw errors.invalid([messages.mustExist('part_revision')]);
    return `parts/${revision.part_id}/revisions/${revision.id}`;
  }
  if (!(await tx.repo(parent.type).get(parent.id, { lock }))) throw errors.invalid([messages.mustExist(parent.type)]);
  return `${parent.type}/${parent.id}`;
}
