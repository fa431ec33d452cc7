import { col, timestamps } from './column';
import { defineTable } from './define-table';

/** Revision states (DESIGN 4): a new part's first revision is a draft until released. */
export const revisionStatuses = ['Draft', 'Active', 'Obsolete'] as const;
export type RevisionStatus = (typeof revisionStatuses)[number];

export const partTable = defineTable({
  columns: {
    id: col.id,
    partnumber: col.required.string,
    manufacturer_pn: col.required.string,
    manufacturer_id: col.required.integer,
    parttype_id: col.required.integer,
    /** The use-as unit. */
    unit_id: col.required.integer,
    preferred_vendor_id: col.integer,
    /** Derived from `value_text`, a float as the spec writes it (`1.0e-07`): picofarads need 12+ decimals. */
    value: col.float,
    value_text: col.string,
    inventory_price: col.decimal,
    estimated_cost: col.decimal,
    estimated_cost_currency: col.string,
    reorder_quantity: col.decimal,
    inventory_maximum: col.decimal,
    manufactured_here: col.required.boolean,
    x_outsourced: col.boolean,
    x_outsourcing_location: col.string,
    /** The revision shown when none is asked for: the draft until a release, then the released one. */
    active_revision_id: col.integer,
    ...timestamps,
  },
  unique: [{ name: 'part_partnumber_unique', columns: ['partnumber'], field: 'partnumber' }],
  references: [
    { column: 'manufacturer_id', table: 'manufacturer' },
    { column: 'parttype_id', table: 'parttype' },
    { column: 'unit_id', table: 'unit' },
    { column: 'preferred_vendor_id', table: 'vendor' },
    { column: 'active_revision_id', table: 'part_revision' },
  ],
  indexes: [
    { name: 'part_updated_at_index', columns: ['updated_at'] },
    // The unit search looks for a term inside part numbers, in any case.
    { name: 'part_partnumber_trgm', columns: ['partnumber'], using: 'trigram' },
  ],
  label: 'parts',
});

export const partRevisionTable = defineTable({
  columns: {
    id: col.id,
    part_id: col.required.integer,
    revision_name: col.required.string,
    revision_description: col.text,
    /** The token that created it (tokens stand for users here). */
    creator_id: col.integer,
    released_at: col.timestamp,
    releasor_id: col.integer,
    comment: col.text,
    description: col.text,
    rohs: col.boolean,
    status: col.required.string,
    ...timestamps,
  },
  unique: [{ name: 'part_revision_name_unique', columns: ['part_id', 'revision_name'], field: 'revision_name' }],
  references: [{ column: 'part_id', table: 'part' }],
  label: 'part revisions',
});

/** A revision's custom `x_` attribute, kept in the order the client defined them. */
export const partRevisionAttributeTable = defineTable({
  columns: {
    id: col.id,
    part_revision_id: col.required.integer,
    name: col.required.string,
    value: col.text,
    /** What the client wrote for numeric attributes (`x_mass`, `x_power`): `10 g`. */
    value_text: col.string,
    position: col.required.integer,
  },
  unique: [{ name: 'part_revision_attribute_name_unique', columns: ['part_revision_id', 'name'], field: 'name' }],
  references: [{ column: 'part_revision_id', table: 'part_revision' }],
  label: 'part revision attributes',
});

/**
 * A line of a revision's bill of materials: `quantity` of a child part, at one of its revisions.
 * The assembly is named twice (its part, and the revision whose bill holds the line) so the
 * where-used and tree queries walk one table.
 */
export const subpartTable = defineTable({
  columns: {
    id: col.id,
    part_id: col.required.integer,
    part_revision_id: col.required.integer,
    /** The child part, and the revision of it the line uses. */
    subpart_id: col.required.integer,
    subpart_part_revision_id: col.required.integer,
    quantity: col.required.decimal,
    build_sequence: col.integer,
    designator: col.string,
    /** Left out of costs, short lists and other computations (SPEC 4.7). */
    no_load: col.required.boolean,
    comment: col.text,
    /** The line's place on its bill, from 1, in the order lines were added. */
    position: col.required.integer,
    ...timestamps,
  },
  unique: [],
  references: [
    { column: 'part_id', table: 'part' },
    // The bill's order begins with it: a line's revision is found from there.
    { column: 'part_revision_id', table: 'part_revision', indexedBy: 'subpart_part_revision_id_position_id_index' },
    { column: 'subpart_id', table: 'part' },
    { column: 'subpart_part_revision_id', table: 'part_revision' },
  ],
  // A bill's lines in their order (position, then id) and its last one (where a line is added),
  // each straight from the index, with no sort: on tables never analysed a sort read every line.
  indexes: [{ name: 'subpart_part_revision_id_position_id_index', columns: ['part_revision_id', 'position', 'id'] }],
  label: 'subparts',
});

/** Another part that can stand in for this one. */
export const alternatePartTable = defineTable({
  columns: {
    id: col.id,
    part_id: col.required.integer,
    alternate_part_id: col.required.integer,
    comment: col.text,
    quality: col.integer,
    ...timestamps,
  },
  unique: [{ name: 'alternate_part_pair_unique', columns: ['part_id', 'alternate_part_id'], field: 'part_id' }],
  references: [
    { column: 'part_id', table: 'part' },
    { column: 'alternate_part_id', table: 'part' },
  ],
  label: 'alternate parts',
});

/** A vendor's own number for a part. */
export const vendorPartNumberTable = defineTable({
  columns: {
    id: col.id,
    part_id: col.required.integer,
    vendor_id: col.required.integer,
    unit_id: col.integer,
    part_number: col.required.string,
    comment: col.text,
    ...timestamps,
  },
  unique: [],
  references: [
    { column: 'part_id', table: 'part' },
    { column: 'vendor_id', table: 'vendor' },
    { column: 'unit_id', table: 'unit' },
  ],
  label: 'vendor part numbers',
});

/** A vendor's price for a part. */
export const quoteTable = defineTable({
  columns: {
    id: col.id,
    part_id: col.required.integer,
    vendor_id: col.required.integer,
    unit_id: col.integer,
    unit_conversion_id: col.integer,
    currency: col.required.string,
    price: col.required.decimal,
    quantity_min: col.decimal,
    quantity_mult: col.decimal,
    leadtime: col.integer,
    /** Days from the quote's creation; `expires_on` follows from it. */
    valid_for: col.integer,
    expires_on: col.timestamp,
    inventory: col.decimal,
    comment: col.text,
    ...timestamps,
  },
  unique: [],
  references: [
    { column: 'part_id', table: 'part' },
    { column: 'vendor_id', table: 'vendor' },
    { column: 'unit_id', table: 'unit' },
    { column: 'unit_conversion_id', table: 'unit_conversion' },
  ],
  label: 'quotes',
});
