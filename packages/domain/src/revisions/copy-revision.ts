import type { PartRevision, PartRevisionAttribute, Subpart } from '../records';
import { insertedId, insertRow, type InsertStep, type WriteStep } from '../write-plan';

/** What a new draft copied from `source` is given besides its content. */
export interface DraftFields {
  readonly revision_name: string;
  readonly revision_description: string | null;
  readonly creatorId: number | null;
  readonly now: Date;
  /** Lines listing one of these parts point at the given revision of it instead. */
  readonly repoint?: ReadonlyMap<number, number>;
}

/** What a draft copies of its source besides the revision's scalars. */
export interface DraftContent {
  readonly attributes: readonly PartRevisionAttribute[];
  /** The bill to copy, in its order (none to start with an empty one). */
  readonly lines: readonly Subpart[];
}

/** A draft's steps in a write plan: the revision (named `name`), then its attributes and lines referring to it. */
export interface DraftCopy {
  readonly draft: InsertStep<'part_revision'>;
  readonly attributes: ReadonlyArray<InsertStep<'part_revision_attribute'>>;
  readonly lines: ReadonlyArray<InsertStep<'subpart'>>;
  readonly steps: readonly WriteStep[];
}

/**
 * A new draft revision of `source`'s part with `source`'s scalars and `content` (custom attributes
 * and bill, positions kept, lines re-pointed where `repoint` says), as write-plan steps: the draft
 * is the insert named `name`, which its attributes and lines refer to.
 */
export function planDraftCopy(source: PartRevision, content: DraftContent, fields: DraftFields, name: string): DraftCopy {
  const draft = insertRow(
    'part_revision',
    {
      part_id: source.part_id,
      revision_name: fields.revision_name,
      revision_description: fields.revision_description,
      creator_id: fields.creatorId,
      released_at: null,
      releasor_id: null,
      comment: source.comment,
      description: source.description,
      rohs: source.rohs,
      status: 'Draft',
      created_at: fields.now,
      updated_at: fields.now,
    },
    name,
  );
  const attributes = content.attributes.map(({ id: _id, part_revision_id: _from, ...attribute }) =>
    insertRow('part_revision_attribute', { ...attribute, part_revision_id: insertedId(name) }),
  );
  const lines = content.lines.map(({ id: _id, ...line }) =>
    insertRow('subpart', {
      ...line,
      part_revision_id: insertedId(name),
      subpart_part_revision_id: fields.repoint?.get(line.subpart_id) ?? line.subpart_part_revision_id,
      created_at: fields.now,
      updated_at: fields.now,
    }),
  );
  return { draft, attributes, lines, steps: [draft, ...attributes, ...lines] };
}
