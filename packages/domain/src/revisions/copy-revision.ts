import type { Tx } from '../ports';
import type { PartRevision } from '../records';

/** What a new draft copied from `source` is given besides its content. */
export interface DraftFields {
  readonly revision_name: string;
  readonly revision_description: string | null;
  readonly creatorId: number | null;
  readonly now: Date;
  /** Copy the source's bill (all its lines, in place) or start with none. */
  readonly copyLines: boolean;
  /** Lines listing one of these parts point at the given revision of it instead. */
  readonly repoint?: ReadonlyMap<number, number>;
}

/**
 * A new draft revision of `source`'s part with `source`'s scalars and custom attributes and, when
 * asked, its bill (positions kept, lines re-pointed where `repoint` says).
 */
export async function copyToDraft(tx: Tx, source: PartRevision, fields: DraftFields): Promise<PartRevision> {
  const draft = await tx.repo('part_revision').insert({
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
  });
  for (const { id: _id, part_revision_id: _from, ...attribute } of await tx.repo('part_revision_attribute').find({ part_revision_id: source.id })) {
    await tx.repo('part_revision_attribute').insert({ ...attribute, part_revision_id: draft.id });
  }
  if (fields.copyLines) {
    const lines = await tx.repo('subpart').find({ part_revision_id: source.id }, { orderBy: [['position', 'asc'], ['id', 'asc']] });
    for (const { id: _id, ...line } of lines) {
      await tx.repo('subpart').insert({
        ...line,
        part_revision_id: draft.id,
        subpart_part_revision_id: fields.repoint?.get(line.subpart_id) ?? line.subpart_part_revision_id,
        created_at: fields.now,
        updated_at: fields.now,
      });
    }
  }
  return draft;
}
