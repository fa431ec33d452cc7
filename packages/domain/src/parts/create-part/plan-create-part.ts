import type { Site } from '../../site';
import type { RevisionStatus } from '../../tables/part-tables';
import { insertedId, insertRow, updateRow, writePlan, type InsertStep, type WritePlan } from '../../write-plan';
import type { CounterAdvance } from '../part-number';
import type { CreatePartInput } from './create-part-input';

/** A new part's first revision is a draft until a release (DESIGN 4). */
export const FIRST_REVISION_STATUS: RevisionStatus = 'Draft';

/** What a create's rows take besides the body: the number, the caller, the site and the time. */
export interface CreateSetting {
  /** Given, or generated. */
  readonly partnumber: string;
  /** The part type's counter, when it gave the number. */
  readonly advance?: CounterAdvance | null;
  readonly creatorId: number;
  readonly site: Site;
  readonly now: Date;
}

/** A create's writes, and the steps whose rows the answer is built from. */
export interface PartPlan {
  readonly plan: WritePlan;
  readonly part: InsertStep<'part'>;
  readonly revision: InsertStep<'part_revision'>;
  readonly attributes: ReadonlyArray<InsertStep<'part_revision_attribute'>>;
  readonly alternates: ReadonlyArray<InsertStep<'alternate_part'>>;
}

/**
 * The rows for `input`: the part, its first revision, the revision's custom attributes (numbered
 * in the order sent), the alternates, and the part type's counter when it gave the number
 * (guarded by the value read locked). Costs without a currency are in the site's. The part is
 * active on its revision from the start: each points at the other, the revision's id drawn first.
 */
export function planCreatePart(input: CreatePartInput, setting: CreateSetting): PartPlan {
  const { partnumber, advance, creatorId, site, now } = setting;
  const stamps = { created_at: now, updated_at: now };
  const estimated_cost_currency = input.part.estimated_cost_currency ?? site.currency;
  const part = insertRow('part', { ...input.part, partnumber, estimated_cost_currency, active_revision_id: insertedId('revision'), ...stamps }, 'part');
  const revision = insertRow(
    'part_revision',
    {
      ...input.revision,
      part_id: insertedId('part'),
      creator_id: creatorId,
      released_at: null,
      releasor_id: null,
      status: FIRST_REVISION_STATUS,
      ...stamps,
    },
    'revision',
  );
  const attributes = input.attributes.map((attribute, index) =>
    insertRow('part_revision_attribute', { ...attribute, part_revision_id: insertedId('revision'), position: index + 1 }),
  );
  const alternates = input.alternates.map((alternate) =>
    insertRow('alternate_part', {
      part_id: insertedId('part'),
      alternate_part_id: alternate.part_id,
      comment: alternate.comment,
      quality: alternate.quality,
      ...stamps,
    }),
  );
  const plan = writePlan([
    part,
    revision,
    ...attributes,
    ...alternates,
    ...(advance ? [updateRow('parttype', advance.parttypeId, { part_next: advance.to }, { part_next: advance.from })] : []),
  ]);
  return { plan, part, revision, attributes, alternates };
}
