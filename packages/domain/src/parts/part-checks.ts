import { messages } from '../errors';
import type { Tx } from '../ports';
import type { Parttype } from '../records';
import { schema } from '../schema';
import type { AlternateInput } from './part-fields';

/** Columns of a part a body names records by (`active_revision_id` is the service's own). */
const BODY_REFERENCES = schema.part.references.filter((ref) => ref.column !== 'active_revision_id');

/**
 * `Manufacturer must exist` for each reference `values` sets to an id no record has: a 400 field
 * error, never a 404 (that is for the record the path names).
 */
export async function referenceProblems(tx: Tx, values: object): Promise<string[]> {
  const found: string[] = [];
  for (const ref of BODY_REFERENCES) {
    const id = (values as Record<string, unknown>)[ref.column];
    if (typeof id === 'number' && !(await tx.repo(ref.table).get(id))) found.push(messages.mustExist(ref.column));
  }
  return found;
}

/** `Partnumber has already been taken` when another part holds `partnumber`. */
export async function partnumberProblems(tx: Tx, partnumber: string, selfId: number | null): Promise<string[]> {
  const holder = await tx.repo('part').findOne({ partnumber });
  return holder && holder.id !== selfId ? [messages.taken('partnumber')] : [];
}

/** A parent-only part type groups other types and holds no parts. */
export function parttypeProblems(parttype: Parttype | null): string[] {
  return parttype?.parent_only ? [messages.parentOnlyParttype()] : [];
}

/** Each alternate must name an existing part, other than the part itself; read in one query. */
export async function alternateProblems(tx: Tx, alternates: readonly AlternateInput[], selfId: number | null): Promise<string[]> {
  const ids = [...new Set(alternates.map((a) => a.part_id))];
  const found: string[] = [];
  if (selfId !== null && ids.includes(selfId)) found.push(messages.alternateItself());
  const others = ids.filter((id) => id !== selfId);
  const existing = others.length === 0 ? [] : await tx.repo('part').find({ id: { $in: others } });
  if (existing.length < others.length) found.push(messages.inList('alternate_parts', messages.mustExist('part_id')));
  return found;
}

/** `Revision name has already been taken` when another revision of the part has that name. */
export async function revisionNameProblems(tx: Tx, partId: number, revisionName: string, selfId: number): Promise<string[]> {
  const holder = await tx.repo('part_revision').findOne({ part_id: partId, revision_name: revisionName });
  return holder && holder.id !== selfId ? [messages.taken('revision_name')] : [];
}
