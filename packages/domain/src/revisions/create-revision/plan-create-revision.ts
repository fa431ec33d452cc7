import { errors, messages } from '../../errors';
import type { Part, PartRevision, PartRevisionAttribute, Subpart } from '../../records';
import { writePlan, type WritePlan } from '../../write-plan';
import { planDraftCopy, type DraftCopy } from '../copy-revision';
import { revisionAmong } from '../revision-lock';
import { nextRevisionName, takenNameProblems } from '../revision-names';
import type { CreateRevisionInput } from './create-revision-input';

/** What a create reads, the part locked: the part's revisions, and the source's attributes and bill in order. */
export interface CreateRevisionLoaded {
  readonly part: Part;
  readonly revisions: readonly PartRevision[];
  readonly attributes: readonly PartRevisionAttribute[];
  readonly lines: readonly Subpart[];
}

/**
 * Whether the part may get the draft `input` asks for, in SPEC 4.7's order: the source must be one
 * of its revisions (404), it must have no draft yet (422 naming it), and the name, given or the
 * one after the source's that the part does not use yet, must be free (400). Answers the source
 * and the name.
 */
export function checkCreateRevision(loaded: CreateRevisionLoaded, input: CreateRevisionInput): { source: PartRevision; name: string } {
  const { part, revisions } = loaded;
  const source = revisionAmong(revisions, input.sourceId);
  const draft = revisions.find((revision) => revision.status === 'Draft');
  if (draft) throw errors.unprocessable([messages.draftExists(part.partnumber, draft.revision_name, draft.id)]);
  const name = input.fields.revision_name ?? nextRevisionName(source.revision_name, new Set(revisions.map((r) => r.revision_name)));
  const taken = takenNameProblems(revisions, name, 0);
  if (taken.length > 0) throw errors.invalid(taken);
  return { source, name };
}

/** A create's plan, and its draft's steps, whose rows are the answer. */
export interface CreateRevisionPlan extends DraftCopy {
  readonly plan: WritePlan;
}

/**
 * The writes of a create `checkCreateRevision` allowed: the draft copying `source` (scalars,
 * attributes and, when `copyLines`, the bill, lines referring to the draft the plan inserts).
 */
export function planCreateRevision(
  source: PartRevision,
  loaded: Pick<CreateRevisionLoaded, 'attributes' | 'lines'>,
  input: Pick<CreateRevisionInput, 'copyLines' | 'fields'>,
  name: string,
  stamp: { readonly creatorId: number | null; readonly now: Date },
): CreateRevisionPlan {
  const copy = planDraftCopy(
    source,
    { attributes: loaded.attributes, lines: input.copyLines ? loaded.lines : [] },
    { revision_name: name, revision_description: input.fields.revision_description, creatorId: stamp.creatorId, now: stamp.now },
    'draft',
  );
  return { ...copy, plan: writePlan(copy.steps) };
}
