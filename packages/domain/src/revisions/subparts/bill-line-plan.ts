import type { NewRow } from '../../ports';
import type { Part, PartRevision, Subpart } from '../../records';
import { deleteRows, insertRow, updateRow, writePlan, type InsertStep, type UpdateStep, type WritePlan } from '../../write-plan';
import type { NewLine, SubpartChanges } from './subpart-input';

/** What a plan needs of a bill's assembly: its part and the revision whose bill it writes. */
export interface PlannedAssembly {
  readonly part: Pick<Part, 'id'>;
  readonly revision: Pick<PartRevision, 'id'>;
}

/** What a plan needs of a line's child: its part and the revision of it the line lists. */
export interface PlannedChild {
  readonly part: Pick<Part, 'id'>;
  readonly revisionId: number;
}

/** A line to add: its child and its own fields. */
export interface AddedLine {
  readonly child: PlannedChild;
  readonly line: NewLine;
}

/** Lines added to a bill: the plan, each line's insert (in request order) and the revision's touch. */
export interface AddLinesPlan {
  readonly plan: WritePlan;
  readonly lines: ReadonlyArray<InsertStep<'subpart'>>;
  readonly revision: UpdateStep<'part_revision'>;
}

/**
 * The writes of lines added to `assembly`'s bill, at positions `first`, `first + 1`, … in their
 * order, after taking every line off the bill when `replace` says so; the revision is marked
 * changed. The revision is locked by the read the positions come from, so no guard is needed.
 * Each line's insert is named (`line0`, …), so its `subpart.added` event has its id.
 */
export function planAddLines(assembly: PlannedAssembly, added: readonly AddedLine[], first: number, now: Date, replace = false): AddLinesPlan {
  const lines = added.map(({ child, line }, index) =>
    insertRow('subpart', {
      part_id: assembly.part.id,
      part_revision_id: assembly.revision.id,
      subpart_id: child.part.id,
      subpart_part_revision_id: child.revisionId,
      ...line,
      position: first + index,
      created_at: now,
      updated_at: now,
    }, `line${index}`),
  );
  const revision = updateRow('part_revision', assembly.revision.id, { updated_at: now });
  const cleared = replace ? [deleteRows('subpart', { part_revision_id: assembly.revision.id })] : [];
  return { plan: writePlan([...cleared, ...lines, revision]), lines, revision };
}

/**
 * The writes of a change of `line`: the fields sent, and its child when one is named (re-pointed
 * to that part and revision); its revision is marked changed. The update fails as stale when the
 * line is gone by then (removed while this change waited for its revision).
 */
export function planLineChange(
  line: Pick<Subpart, 'id' | 'part_revision_id'>,
  changes: SubpartChanges['line'],
  child: PlannedChild | null,
  now: Date,
): { plan: WritePlan; line: UpdateStep<'subpart'> } {
  const update = updateRow('subpart', line.id, {
    // `parseSubpartChanges` refuses a quantity or no_load sent blank: what it leaves is writable.
    ...(changes as Partial<NewRow<Subpart>>),
    ...(child && { subpart_id: child.part.id, subpart_part_revision_id: child.revisionId }),
    updated_at: now,
  });
  return { plan: writePlan([update, updateRow('part_revision', line.part_revision_id, { updated_at: now })]), line: update };
}

/** The writes of `line`'s removal: off its bill (the other lines keep their positions), its revision marked changed. */
export function planLineRemoval(line: Pick<Subpart, 'id' | 'part_revision_id'>, now: Date): WritePlan {
  return writePlan([deleteRows('subpart', { id: line.id }), updateRow('part_revision', line.part_revision_id, { updated_at: now })]);
}
