import type { NewRow } from '../../ports';
import type { AlternatePart, Part, PartRevision, PartRevisionAttribute } from '../../records';
import type { Site } from '../../site';
import type { RevisionStatus } from '../../tables/part-tables';
import type { CreatePartInput } from './create-part-input';

/** A new part's first revision is a draft until a release (DESIGN 4). */
export const FIRST_REVISION_STATUS: RevisionStatus = 'Draft';

/** The rows a create writes; ids that do not exist yet are filled in as the rows are inserted. */
export interface PartPlan {
  readonly part: NewRow<Part>;
  readonly revision: Omit<NewRow<PartRevision>, 'part_id'>;
  readonly attributes: ReadonlyArray<Omit<NewRow<PartRevisionAttribute>, 'part_revision_id'>>;
  readonly alternates: ReadonlyArray<Omit<NewRow<AlternatePart>, 'part_id'>>;
}

/** What a create's rows take besides the body: the number, the caller, the site and the time. */
export interface CreateSetting {
  /** Given, or generated. */
  readonly partnumber: string;
  readonly creatorId: number;
  readonly site: Site;
  readonly now: Date;
}

/**
 * The rows for `input`. Costs without a currency are in the site's. The part becomes active on
 * its revision once both exist.
 */
export function planCreatePart(input: CreatePartInput, setting: CreateSetting): PartPlan {
  const { partnumber, creatorId, site, now } = setting;
  const stamps = { created_at: now, updated_at: now };
  const estimated_cost_currency = input.part.estimated_cost_currency ?? site.currency;
  return {
    part: { ...input.part, partnumber, estimated_cost_currency, active_revision_id: null, ...stamps },
    revision: {
      ...input.revision,
      creator_id: creatorId,
      released_at: null,
      releasor_id: null,
      status: FIRST_REVISION_STATUS,
      ...stamps,
    },
    attributes: input.attributes.map((attribute, index) => ({ ...attribute, position: index + 1 })),
    alternates: input.alternates.map((alternate) => ({
      alternate_part_id: alternate.part_id,
      comment: alternate.comment,
      quality: alternate.quality,
      ...stamps,
    })),
  };
}
