import type { Part, PartRevision, PartRevisionAttribute, Subpart } from '../records';

// Rows as a plan test reads them: only what the rules look at is meaningful, the rest fixed.

const at = new Date('2024-01-01T00:00:00.000Z');

export const partRow = (id: number, fields: Partial<Part> = {}): Part => ({ ...({} as Part), id, partnumber: `P-${id}`, active_revision_id: null, ...fields });

export const revisionRow = (id: number, part_id: number, revision_name: string, status: PartRevision['status'], fields: Partial<PartRevision> = {}): PartRevision => ({
  ...({} as PartRevision),
  id,
  part_id,
  revision_name,
  revision_description: null,
  status,
  comment: `comment ${id}`,
  description: `description ${id}`,
  rohs: true,
  creator_id: 1,
  releasor_id: null,
  released_at: null,
  created_at: at,
  updated_at: at,
  ...fields,
});

export const attributeRow = (id: number, part_revision_id: number, name: string, position: number): PartRevisionAttribute => ({
  ...({} as PartRevisionAttribute),
  id,
  part_revision_id,
  name,
  position,
});

/** A line of revision `part_revision_id` (of part `part_id`) listing revision `child_revision` of part `child`. */
export const lineRow = (id: number, part_id: number, part_revision_id: number, child: number, child_revision: number, position: number): Subpart => ({
  ...({} as Subpart),
  id,
  part_id,
  part_revision_id,
  subpart_id: child,
  subpart_part_revision_id: child_revision,
  quantity: '1.0',
  position,
  created_at: at,
  updated_at: at,
});
