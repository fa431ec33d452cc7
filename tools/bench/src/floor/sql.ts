/**
 * The floor's statements: one per request (one per batch of 500 for a whole list), parameterised,
 * reading the schema of `packages/store-mikro-orm/src/migrations`. Decimals and timestamps are
 * turned into wire text by PostgreSQL itself (`sql-text.ts`).
 */

import { fieldsOf, insertEvents } from './event-write-sql';
import { dec, tsIso, tsSpace } from './sql-text';

/** A revision's custom attributes, in the order they were defined. */
const attributes = `(SELECT json_agg(json_build_object('name', a.name, 'value', a.value, 'value_text', a.value_text) ORDER BY a.position, a.id)
    FROM part_revision_attribute a WHERE a.part_revision_id = r.id) AS attributes`;

/** The columns `PartRow` names: the part's, its revision's (`r`), the revision's attributes. */
const partColumns = `p.id, p.partnumber, p.manufacturer_pn, p.manufacturer_id, p.parttype_id, p.unit_id, p.value, p.value_text,
  ${tsSpace('p.created_at')} AS created_on, ${tsSpace('p.updated_at')} AS updated_on,
  ${dec('p.inventory_price')} AS inventory_price, ${dec('p.estimated_cost')} AS estimated_cost, p.estimated_cost_currency,
  ${dec('p.reorder_quantity')} AS reorder_quantity, ${dec('p.inventory_maximum')} AS inventory_maximum,
  p.preferred_vendor_id, p.manufactured_here, p.x_outsourced, p.x_outsourcing_location,
  r.id AS r_id, r.revision_name, r.revision_description, r.creator_id, ${tsSpace('r.released_at')} AS released_at,
  r.releasor_id, r.comment, r.description, r.rohs, r.status,
  ${attributes}`;

export interface Statement {
  /** The name a prepared statement gets on each PostgreSQL connection. */
  name: string;
  text: string;
}

/** A unit with its conversions. $1: id. */
export const SHOW_UNIT: Statement = {
  name: 'floor_show_unit',
  text: `SELECT u.id, u.name, u.description, u.allow_fractional,
  (SELECT json_agg(json_build_object('id', c.id, 'to_unit_id', c.to_unit_id, 'factor', ${dec('c.factor')}) ORDER BY c.id)
    FROM unit_conversion c WHERE c.from_unit_id = u.id) AS conversions
FROM unit u WHERE u.id = $1`,
};

/** A batch of the unit list. $1: the last id already sent; $2: batch size. */
export const LIST_UNITS: Statement = {
  name: 'floor_list_units',
  text: 'SELECT id, name, description FROM unit WHERE id > $1 ORDER BY id LIMIT $2',
};

/**
 * The show form of the parts `from` names as `p`, each with its revision as `r` (a table or the
 * rows a write returns): attributes, quotes, vendor part numbers, alternates, units of stock (with
 * their sublocation and location), bills, attachments and manufacturer. The floor serves only the
 * bench's token, which may view inventory, so the units are always read.
 */
export const showPartOf = (from: string): string => `SELECT ${partColumns}, m.name AS manufacturer_name,
  (SELECT json_agg(json_build_object('id', q.id, 'vendor_id', q.vendor_id, 'price', ${dec('q.price')},
      'quantity_min', ${dec('q.quantity_min')}, 'quantity_mult', ${dec('q.quantity_mult')}, 'leadtime', q.leadtime,
      'updated_on', ${tsSpace('q.updated_at')}, 'expires_on', ${tsSpace('q.expires_on')}, 'unit_id', q.unit_id,
      'unit_conversion_id', q.unit_conversion_id, 'inventory', ${dec('q.inventory')}, 'comment', q.comment, 'currency', q.currency)
      ORDER BY q.id)
    FROM quote q WHERE q.part_id = p.id) AS quotes,
  (SELECT json_agg(json_build_object('vendor_id', v.vendor_id, 'part_number', v.part_number, 'comment', v.comment, 'id', v.id) ORDER BY v.id)
    FROM vendor_part_number v WHERE v.part_id = p.id) AS vendor_part_numbers,
  (SELECT json_agg(json_build_object('part_id', ap.alternate_part_id, 'comment', ap.comment, 'quality', ap.quality) ORDER BY ap.id)
    FROM alternate_part ap WHERE ap.part_id = p.id) AS alternate_parts,
  (SELECT json_agg(json_build_object('id', u.id, 'quantity', ${dec('u.quantity')}, 'inventory_location_id', il.id,
      'inventory_location_name', il.name, 'inventory_sublocation_id', sl.id, 'inventory_sublocation_name', sl.name,
      'sublocation_bin', u.sublocation_bin, 'purchase_order_id', u.purchase_order_id) ORDER BY u.id)
    FROM inventory_unit u JOIN inventory_sublocation sl ON sl.id = u.inventory_sublocation_id
    JOIN inventory_location il ON il.id = sl.inventory_location_id WHERE u.part_id = p.id) AS inventory_units,
  (SELECT json_agg(json_build_object('part_id', l.part_id, 'part_revision_id', l.part_revision_id, 'quantity', ${dec('l.quantity')},
      'comment', l.comment, 'no_load', l.no_load) ORDER BY l.id)
    FROM subpart l JOIN part h ON h.id = l.part_id AND h.active_revision_id = l.part_revision_id WHERE l.subpart_id = p.id) AS partlist_parts,
  (SELECT json_agg(json_build_object('id', s.id, 'subpart_id', s.subpart_id, 'quantity', ${dec('s.quantity')},
      'build_sequence', s.build_sequence, 'designator', s.designator, 'comment', s.comment, 'no_load', s.no_load,
      'part_id', s.part_id, 'part_revision_id', s.part_revision_id, 'position', s.position) ORDER BY s.position, s.id)
    FROM subpart s WHERE s.part_revision_id = r.id) AS subparts,
  (SELECT json_agg(json_build_object('id', f.id, 'created_by', f.created_by, 'title', f.title, 'note_type', f.note_type,
      'content_type', f.content_type, 'position', f.position, 'published_at', ${tsIso('f.published_at')}, 'md5', f.md5,
      'file_size', f.file_size, 'parent_reference', f.parent_reference) ORDER BY f.position, f.id)
    FROM attachment f WHERE f.parent_type = 'part' AND f.parent_id = p.id) AS attachments
FROM ${from}
LEFT JOIN manufacturer m ON m.id = p.manufacturer_id`;

/** A part's show form. $1: id. */
export const SHOW_PART: Statement = {
  name: 'floor_show_part',
  text: `${showPartOf('part p JOIN part_revision r ON r.id = p.active_revision_id')}
WHERE p.id = $1`,
};

/**
 * A batch of the part list, in the list form. $1: the last id already sent; $2: batch size. The
 * batch is chosen first, from the part table alone, so the joins and the text formatting run on
 * its rows only, whatever plan the database picks without statistics (PGlite never analyses).
 */
export const LIST_PARTS: Statement = {
  name: 'floor_list_parts',
  text: `SELECT ${partColumns}
FROM (SELECT * FROM part WHERE id > $1 ORDER BY id LIMIT $2) p
LEFT JOIN part_revision r ON r.id = p.active_revision_id
ORDER BY p.id`,
};

/**
 * A page of parts and the count of all of them, in one statement: the count is a row of its own
 * joined to the page, so a page past the end still brings it (with `id` null). The page is chosen
 * first, as for a batch. $1: limit; $2: offset.
 */
export const PAGE_PARTS: Statement = {
  name: 'floor_page_parts',
  text: `SELECT t.total, pg.* FROM (SELECT count(*)::int AS total FROM part) t
LEFT JOIN LATERAL (
  SELECT ${partColumns}
  FROM (SELECT * FROM part ORDER BY id LIMIT $1 OFFSET $2) p
  LEFT JOIN part_revision r ON r.id = p.active_revision_id
) pg ON true
ORDER BY pg.id`,
};

/** A manufacturer's fields as its show form holds them, in its order. */
export const MANUFACTURER_SHOWN = ['id', 'name', 'short_name', 'website', 'address1', 'address2', 'address3', 'city', 'state', 'postcode', 'country', 'phone1', 'phone2', 'phone3'] as const;

/** Creates a manufacturer, with its event (its fields but the id, and its times), and returns what its show form needs. $1: name. */
export const CREATE_MANUFACTURER: Statement = {
  name: 'floor_create_manufacturer',
  text: `WITH made AS (INSERT INTO manufacturer (name, created_at, updated_at) VALUES ($1, now(), now()) RETURNING *),
evented AS (${insertEvents({
    type: 'manufacturer.created',
    collection: "'manufacturer'",
    recordId: 'm.id',
    payload: fieldsOf('m', [...MANUFACTURER_SHOWN.slice(1), 'created_at', 'updated_at']),
    from: 'made m',
  })})
SELECT ${MANUFACTURER_SHOWN.join(', ')} FROM made`,
};
