import { fieldsOf, insertEvents } from './event-write-sql';
import { showPartOf, type Statement } from './sql';

/**
 * The floor's part writes: each one statement taking the locks PIPS's takes (none on a create
 * numbered by hand, the part on an update of its row alone), writing the rows and their event,
 * and reading the show form the answer is, so it is atomic without a transaction around it. A
 * statement's reads do not see its own writes, so the form reads the written rows from the CTEs
 * that wrote them.
 */

/** A new part's fields as its event's payload holds them, and its first revision's. */
const PART_FIELDS = [
  'partnumber', 'manufacturer_pn', 'manufacturer_id', 'parttype_id', 'unit_id', 'preferred_vendor_id', 'inventory_price', 'estimated_cost',
  'estimated_cost_currency', 'reorder_quantity', 'inventory_maximum', 'manufactured_here', 'x_outsourced', 'x_outsourcing_location',
  'value_text', 'value', 'created_at', 'updated_at',
];
const REVISION_FIELDS = [
  'revision_name', 'revision_description', 'description', 'comment', 'rohs', 'creator_id', 'released_at', 'releasor_id', 'status', 'created_at', 'updated_at',
];

/**
 * Create a part and its first revision, a draft by the bench's token (id 1), active at once: both
 * ids are drawn first, so each row names the other. $1 partnumber, $2 manufacturer_pn,
 * $3 manufacturer_id, $4 parttype_id, $5 unit_id, $6 revision_name, $7 the site's currency.
 * No row: the part type does not exist or is parent-only.
 */
export const CREATE_PART: Statement = {
  name: 'floor_create_part',
  text: `WITH parttype AS (SELECT id FROM parttype WHERE id = $4 AND NOT parent_only),
ids AS (SELECT nextval('part_id_seq')::int AS part_id, nextval('part_revision_id_seq')::int AS revision_id FROM parttype),
made AS (INSERT INTO part (id, partnumber, manufacturer_pn, manufacturer_id, parttype_id, unit_id, estimated_cost_currency,
    manufactured_here, active_revision_id, created_at, updated_at)
  SELECT part_id, $1, $2, $3::int, $4, $5::int, $7, false, revision_id, now(), now() FROM ids RETURNING *),
made_revision AS (INSERT INTO part_revision (id, part_id, revision_name, creator_id, status, created_at, updated_at)
  SELECT revision_id, part_id, $6, 1, 'Draft', now(), now() FROM ids RETURNING *),
evented AS (${insertEvents({
    type: 'part.created',
    collection: "'part'",
    recordId: 'p.id',
    payload: fieldsOf('p', PART_FIELDS, { revision: fieldsOf('r', REVISION_FIELDS), custom_attributes: "'[]'::json", alternate_part_ids: "'[]'::json" }),
    from: 'made p JOIN made_revision r ON r.part_id = p.id',
  })})
${showPartOf('made p JOIN made_revision r ON r.part_id = p.id')}`,
};

/**
 * Update a part's manufacturer_pn: the part's row is all it locks, as PIPS's change of the part's
 * row alone. $1 part id, $2 manufacturer_pn. No row: no such part.
 */
export const UPDATE_PART: Statement = {
  name: 'floor_update_part',
  text: `WITH changed AS (UPDATE part SET manufacturer_pn = $2, updated_at = now() WHERE id = $1 RETURNING *),
evented AS (${insertEvents({
    type: 'part.updated',
    collection: "'part'",
    recordId: 'c.id',
    payload: fieldsOf('c', ['manufacturer_pn', 'updated_at'], { revision_id: 'c.active_revision_id' }),
    from: 'changed c',
  })})
${showPartOf('changed p JOIN part_revision r ON r.id = p.active_revision_id')}`,
};
