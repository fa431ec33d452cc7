import { errors, messages } from '../../errors';
import { checkListedUnits, planDisposals } from '../../inventory/dispose-units';
import type { ChangeStamp } from '../../inventory/inventory-record';
import type { InventoryUnit, Part, PartRevision, PartRevisionAttribute, Subpart } from '../../records';
import { updateRow, writePlan, type InsertStep, type UpdateStep, type WritePlan } from '../../write-plan';
import { planDraftCopy } from '../copy-revision';
import { revisionAmong } from '../revision-lock';
import { nextRevisionName, takenNameProblems } from '../revision-names';
import { planAncestors, type Ancestor, type AncestorPlan } from './plan-ancestors';
import type { ReleaseInput } from './release-input';

/** What a release reads, every row it changes locked: the part, its revisions, the units it lists, and its ancestors with what up-revising them needs. */
export interface ReleaseLoaded {
  readonly part: Part;
  /** The part's revisions. */
  readonly revisions: readonly PartRevision[];
  /** The part's units among those listed. */
  readonly units: readonly InventoryUnit[];
  readonly ancestors: readonly Ancestor[];
  /** Every revision of each ancestor (their names, and the current one a new draft copies). */
  readonly ancestorRevisions: readonly PartRevision[];
  /** The attributes of the ancestors' current revisions. */
  readonly attributes: readonly PartRevisionAttribute[];
  /** The bills of the ancestors' current revisions, in order, and their drafts' lines listing the part. */
  readonly lines: readonly Subpart[];
}

/**
 * Whether revision `revisionId` may be released as `input` asks, in SPEC 4.7's order: one of the
 * part's (404); the units listed, the part's (400); a draft (422); a new name free (400); then
 * what it does to the ancestors (`planAncestors`: a stranger 400, the guard 422). Answers the
 * revision and the ancestors' plan.
 */
export function checkRelease(loaded: ReleaseLoaded, revisionId: number, input: ReleaseInput): { revision: PartRevision; ancestors: AncestorPlan } {
  const revision = revisionAmong(loaded.revisions, revisionId);
  checkListedUnits(loaded.units, input.units);
  if (revision.status !== 'Draft') throw errors.unprocessable([messages.alreadyReleased(revision.revision_name, revision.status)]);
  if (input.rename.revision_name !== undefined) {
    const taken = takenNameProblems(loaded.revisions, input.rename.revision_name, revision.id);
    if (taken.length > 0) throw errors.invalid(taken);
  }
  return { revision, ancestors: planAncestors(loaded.ancestors, input.ancestors, input.bypassAncestorGuard) };
}

/** A release's plan, the drafts whose lines it re-points, and the drafts it makes: the bills the cycle check reads. */
export interface ReleasePlan {
  readonly plan: WritePlan;
  readonly repointedDrafts: readonly number[];
  readonly newDrafts: ReadonlyArray<InsertStep<'part_revision'>>;
}

/**
 * The writes of a release `checkRelease` allowed, in order: the units listed `dispose` go to 0
 * with their records; the part's active revision becomes `Obsolete` and `revision` `Active`
 * (released now by the caller, renamed if asked) and the part's active one; then the ancestors to
 * up-revise: a draft's lines listing the part re-pointed at `revision` in place, else a new draft
 * copied from the current revision with those lines re-pointed.
 */
export function planRelease(loaded: ReleaseLoaded, revision: PartRevision, ancestors: AncestorPlan, input: ReleaseInput, stamp: ChangeStamp): ReleasePlan {
  const { part } = loaded;
  const now = stamp.now;
  const steps = [...planDisposals(loaded.units, input.units, stamp)];
  for (const other of loaded.revisions) {
    if (other.id !== revision.id && other.status === 'Active') steps.push(updateRow('part_revision', other.id, { status: 'Obsolete', updated_at: now }, { status: 'Active' }));
  }
  steps.push(
    updateRow('part_revision', revision.id, { ...input.rename, status: 'Active', released_at: now, releasor_id: stamp.creatorId, updated_at: now }, { status: 'Draft' }),
    updateRow('part', part.id, { active_revision_id: revision.id, updated_at: now }),
  );
  const repointedDrafts: number[] = [];
  for (const { draft } of ancestors.updateDraft) {
    const stale = loaded.lines
      .filter((line) => line.part_revision_id === draft!.id && line.subpart_id === part.id && line.subpart_part_revision_id !== revision.id)
      .sort((a, b) => a.id - b.id);
    const repoints: Array<UpdateStep<'subpart'>> = stale.map((line) => updateRow('subpart', line.id, { subpart_part_revision_id: revision.id, updated_at: now }));
    steps.push(...repoints);
    if (repoints.length > 0) repointedDrafts.push(draft!.id);
  }
  const newDrafts = ancestors.newDraft.map(({ part: ancestor }) => {
    const revisions = loaded.ancestorRevisions.filter((other) => other.part_id === ancestor.id);
    const current = revisions.find((other) => other.id === ancestor.active_revision_id)!;
    const copy = planDraftCopy(
      current,
      {
        attributes: loaded.attributes.filter((attribute) => attribute.part_revision_id === current.id),
        lines: loaded.lines.filter((line) => line.part_revision_id === current.id),
      },
      {
        revision_name: nextRevisionName(current.revision_name, new Set(revisions.map((other) => other.revision_name))),
        revision_description: null,
        creatorId: stamp.creatorId,
        now,
        repoint: new Map([[part.id, revision.id]]),
      },
      `draft-${ancestor.id}`,
    );
    steps.push(...copy.steps);
    return copy.draft;
  });
  return { plan: writePlan(steps), repointedDrafts, newDrafts };
}
