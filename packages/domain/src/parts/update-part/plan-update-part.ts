import type { NewRow } from '../../ports';
import type { Part, PartRevision, PartRevisionAttribute } from '../../records';
import type { Site } from '../../site';
import { deleteRows, insertRow, updateRow, writePlan, type InsertStep, type UpdateStep, type WritePlan } from '../../write-plan';
import { planAttributes } from '../custom-attributes';
import { changesRevision, type UpdatePartInput } from './update-part-input';

/** An update's writes, and the steps (absent where it changes nothing) whose rows the answer is built from. */
export interface UpdatePlan {
  readonly plan: WritePlan;
  readonly part: UpdateStep<'part'> | null;
  readonly revision: UpdateStep<'part_revision'> | null;
  /** The attributes set in place, then those appended. */
  readonly attributes: ReadonlyArray<UpdateStep<'part_revision_attribute'> | InsertStep<'part_revision_attribute'>>;
  /** The new alternates, when the update replaces them. */
  readonly alternates: ReadonlyArray<InsertStep<'alternate_part'>> | null;
}

/** Changing a revision that is no longer a draft needs `edit_released_revisions` (SPEC 4.6 rule 3). */
export function needsReleasedRevisionPermission(revision: PartRevision, input: UpdatePartInput): boolean {
  return revision.status !== 'Draft' && changesRevision(input);
}

/**
 * True when the body changes the part's own row alone (no revision, attribute, alternate or unit
 * of measure): such an update decides from the part and the records it names, so it may be read
 * without locks and written with a guard (`planUpdatePart`'s `unlocked`).
 */
export function changesPartAlone(input: UpdatePartInput): boolean {
  return !changesRevision(input) && input.alternates === undefined && input.part.unit_id === undefined;
}

/**
 * The writes of an update of `part` and its `revision` (whose custom attributes are `attributes`)
 * at `now`: each attribute sent set in place or appended, the alternates replaced when sent, then
 * the revision and the part. Any change, the revision's included, touches the part's `updated_on`,
 * so `filter[updated_on][gte]` finds it; a changed revision is touched too; an empty update writes
 * nothing, so it keeps `updated_at`. A blank currency is the site's again. Read locked, no step
 * needs a guard; read `unlocked`, the part's update expects the active revision it was read with,
 * the one the answer shows, so a release in between makes the plan stale.
 */
export function planUpdatePart(
  part: Pick<Part, 'id' | 'active_revision_id'>,
  revision: Pick<PartRevision, 'id'>,
  input: UpdatePartInput,
  attributes: readonly PartRevisionAttribute[],
  site: Site,
  now: Date,
  unlocked = false,
): UpdatePlan {
  const revisionChanged = changesRevision(input);
  const partChanged = Object.keys(input.part).length > 0 || input.alternates !== undefined || revisionChanged;
  const currency = input.part.estimated_cost_currency === null ? { estimated_cost_currency: site.currency } : {};
  const changes = planAttributes(attributes, input.attributes);
  // The parse step refused a blank for every column that cannot be null.
  const revisionStep = revisionChanged ? updateRow('part_revision', revision.id, { ...input.revision, updated_at: now } as Partial<NewRow<PartRevision>>) : null;
  const partPatch = { ...input.part, ...currency, updated_at: now } as Partial<NewRow<Part>>;
  const partStep = !partChanged
    ? null
    : unlocked
      ? updateRow('part', part.id, partPatch, { active_revision_id: part.active_revision_id })
      : updateRow('part', part.id, partPatch);
  const attributeSteps = [
    ...changes.update.map(({ id, ...value }) => updateRow('part_revision_attribute', id, value)),
    ...changes.insert.map((attribute) => insertRow('part_revision_attribute', { ...attribute, part_revision_id: revision.id })),
  ];
  const alternates =
    input.alternates?.map((alternate) =>
      insertRow('alternate_part', {
        part_id: part.id,
        alternate_part_id: alternate.part_id,
        comment: alternate.comment,
        quality: alternate.quality,
        created_at: now,
        updated_at: now,
      }),
    ) ?? null;
  const plan = writePlan([
    ...attributeSteps,
    // The old alternates go before the new ones come: a pair sent again is a new row.
    ...(alternates ? [deleteRows('alternate_part', { part_id: part.id }), ...alternates] : []),
    ...(revisionStep ? [revisionStep] : []),
    ...(partStep ? [partStep] : []),
  ]);
  return { plan, part: partStep, revision: revisionStep, attributes: attributeSteps, alternates };
}
