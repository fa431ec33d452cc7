import { fieldProblem, messages, type Problem } from '../errors';
import type { Tx } from '../ports';
import { many, type Plan } from '../read-plan';
import type { Parttype } from '../records';
import type { AlternateInput } from './part-fields';

/**
 * Read-plan entries for what a part's create or update checks besides its references: the part
 * holding `partnumber` (when one is sent), and the parts among the alternates sent. Loaded with
 * the command's other reads; `PartCheckRows` is what they answer.
 */
export function partCheckPlan(partnumber: string | null | undefined, alternates: readonly AlternateInput[] | undefined): Plan {
  const ids = [...new Set((alternates ?? []).map((a) => a.part_id))];
  return {
    ...(partnumber ? { partnumberHolders: many('part', { partnumber }, { columns: ['id'] }) } : {}),
    ...(ids.length > 0 ? { alternateTargets: many('part', { id: { $in: ids } }, { columns: ['id'] }) } : {}),
  };
}

/** The rows `partCheckPlan`'s entries answer (absent where the plan has no entry). */
export interface PartCheckRows {
  readonly partnumberHolders?: ReadonlyArray<{ readonly id: number }>;
  readonly alternateTargets?: ReadonlyArray<{ readonly id: number }>;
}

/** `Partnumber has already been taken` when a part other than `selfId` holds it. */
export function partnumberProblems(loaded: PartCheckRows, selfId: number | null): Problem[] {
  const taken = (loaded.partnumberHolders ?? []).some((holder) => holder.id !== selfId);
  return taken ? [fieldProblem('partnumber', messages.taken('partnumber'))] : [];
}

/** A parent-only part type groups other types and holds no parts. */
export function parttypeProblems(parttype: Parttype | null): Problem[] {
  return parttype?.parent_only ? [fieldProblem('parttype_id', messages.parentOnlyParttype())] : [];
}

/** Each alternate must name an existing part, other than the part itself (`selfId`). */
export function alternateProblems(alternates: readonly AlternateInput[], loaded: PartCheckRows, selfId: number | null): Problem[] {
  const ids = [...new Set(alternates.map((a) => a.part_id))];
  const found: Problem[] = [];
  if (selfId !== null && ids.includes(selfId)) found.push(fieldProblem('alternate_parts', messages.alternateItself()));
  const others = ids.filter((id) => id !== selfId);
  const existing = (loaded.alternateTargets ?? []).filter((part) => part.id !== selfId);
  if (existing.length < others.length) found.push(fieldProblem('alternate_parts', messages.inList('alternate_parts', messages.mustExist('part_id'))));
  return found;
}

/** `Revision name has already been taken` when another revision of the part has that name. */
export async function revisionNameProblems(tx: Tx, partId: number, revisionName: string, selfId: number): Promise<Problem[]> {
  const holder = await tx.repo('part_revision').findOne({ part_id: partId, revision_name: revisionName });
  return holder && holder.id !== selfId ? [fieldProblem('revision_name', messages.taken('revision_name'))] : [];
}
