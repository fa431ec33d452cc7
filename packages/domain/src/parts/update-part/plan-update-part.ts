import type { NewRow } from '../../ports';
import type { AlternatePart, Part, PartRevision, PartRevisionAttribute } from '../../records';
import type { Site } from '../../site';
import { planAttributes, type AttributeChanges } from '../custom-attributes';
import { changesRevision, type UpdatePartInput } from './update-part-input';

/** What an update writes; null where it changes nothing, so an empty update keeps `updated_at`. */
export interface UpdatePlan {
  readonly part: Partial<NewRow<Part>> | null;
  readonly revision: Partial<NewRow<PartRevision>> | null;
  readonly attributes: AttributeChanges;
  /** The part's alternates, replacing the ones it has; null to keep them. */
  readonly alternates: ReadonlyArray<Omit<NewRow<AlternatePart>, 'part_id'>> | null;
}

/** Changing a revision that is no longer a draft needs `edit_released_revisions` (SPEC 4.6 rule 3). */
export function needsReleasedRevisionPermission(revision: PartRevision, input: UpdatePartInput): boolean {
  return revision.status !== 'Draft' && changesRevision(input);
}

/**
 * The writes of an update at `now`. Any change, the revision's included, touches the part's
 * `updated_on`, so `filter[updated_on][gte]` finds it; a changed revision is touched too. A blank
 * currency is the site's again.
 */
export function planUpdatePart(
  input: UpdatePartInput,
  attributes: readonly PartRevisionAttribute[],
  site: Site,
  now: Date,
): UpdatePlan {
  const revisionChanged = changesRevision(input);
  const partChanged = Object.keys(input.part).length > 0 || input.alternates !== undefined || revisionChanged;
  const currency = input.part.estimated_cost_currency === null ? { estimated_cost_currency: site.currency } : {};
  // The parse step refused a blank for every column that cannot be null.
  return {
    part: partChanged ? ({ ...input.part, ...currency, updated_at: now } as Partial<NewRow<Part>>) : null,
    revision: revisionChanged ? ({ ...input.revision, updated_at: now } as Partial<NewRow<PartRevision>>) : null,
    attributes: planAttributes(attributes, input.attributes),
    alternates:
      input.alternates?.map((alternate) => ({
        alternate_part_id: alternate.part_id,
        comment: alternate.comment,
        quality: alternate.quality,
        created_at: now,
        updated_at: now,
      })) ?? null,
  };
}
