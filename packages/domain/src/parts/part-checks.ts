import { fieldProblem, messages, type Problem } from '../errors';
import type { Tx } from '../ports';
import type { Parttype } from '../records';
import type { AlternateInput } from './part-fields';

/** `Partnumber has already been taken` when another part holds `partnumber`. */
export async function partnumberProblems(tx: Tx, partnumber: string, selfId: number | null): Promise<Problem[]> {
  const holder = await tx.repo('part').findOne({ partnumber });
  return holder && holder.id !== selfId ? [fieldProblem('partnumber', messages.taken('partnumber'))] : [];
}

/** A parent-only part type groups other types and holds no parts. */
export function parttypeProblems(parttype: Parttype | null): Problem[] {
  return parttype?.parent_only ? [fieldProblem('parttype_id', messages.parentOnlyParttype())] : [];
}

/** Each alternate must name an existing part, other than the part itself; read in one query. */
export async function alternateProblems(tx: Tx, alternates: readonly AlternateInput[], selfId: number | null): Promise<Problem[]> {
  const ids = [...new Set(alternates.map((a) => a.part_id))];
  const found: Problem[] = [];
  if (selfId !== null && ids.includes(selfId)) found.push(fieldProblem('alternate_parts', messages.alternateItself()));
  const others = ids.filter((id) => id !== selfId);
  const existing = others.length === 0 ? [] : await tx.repo('part').find({ id: { $in: others } });
  if (existing.length < others.length) found.push(fieldProblem('alternate_parts', messages.inList('alternate_parts', messages.mustExist('part_id'))));
  return found;
}

/** `Revision name has already been taken` when another revision of the part has that name. */
export async function revisionNameProblems(tx: Tx, partId: number, revisionName: string, selfId: number): Promise<Problem[]> {
  const holder = await tx.repo('part_revision').findOne({ part_id: partId, revision_name: revisionName });
  return holder && holder.id !== selfId ? [fieldProblem('revision_name', messages.taken('revision_name'))] : [];
}
