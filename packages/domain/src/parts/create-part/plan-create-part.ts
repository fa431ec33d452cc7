import type { NewRow } from '../../ports';
import type { AlternatePart, Part, PartRevision, PartRevisionAttribute } from '../../records';
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

/**
 * The rows for `input` under `partnumber` (given or generated), created by `creatorId` at `now`.
 * The part becomes active on its revision once both exist.
 */
export function planCreatePart(input: CreatePartInput, partnumber: string, creatorId: number, now: Date): PartPlan {
  const stamps = { created_at: now, updated_at: now };
  return {
    part: { ...input.part, partnumber, active_revision_id: null, ...stamps },
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
