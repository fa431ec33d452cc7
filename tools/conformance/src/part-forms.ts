/**
 * The part wire forms (SPEC 2.13, 2.14), as docs/decisions.md settles them: the outsourcing
 * fields appear on parts that set one, a revision's custom attributes follow its fields.
 */
const HEAD = ['id', 'partnumber', 'manufacturer_pn', 'manufacturer_id', 'parttype_id', 'unit_id'] as const;
const TAIL = [
  'value',
  'value_text',
  'created_on',
  'updated_on',
  'inventory_price',
  'estimated_cost',
  'estimated_cost_currency',
  'reorder_quantity',
  'inventory_maximum',
  'preferred_vendor_id',
  'manufactured_here',
] as const;
const OUTSOURCING = ['x_outsourced', 'x_outsourcing_location'] as const;

export const REVISION_FIELDS = [
  'id',
  'revision_name',
  'revision_description',
  'creator_id',
  'released_at',
  'releasor_id',
  'comment',
  'description',
  'rohs',
  'status',
] as const;

export const SHOW_GROUPS = [
  'quotes',
  'vendor_part_numbers',
  'alternate_parts',
  'inventory_units',
  'partlist_parts',
  'subparts',
  'attachments',
] as const;

export const partForms = {
  /** The list form; `outsourced` for a part that sets x_outsourced or x_outsourcing_location. */
  list: (outsourced = false): string[] => [
    ...HEAD,
    'comment',
    'description',
    'rohs',
    ...TAIL,
    ...(outsourced ? OUTSOURCING : []),
    'active_revision',
    'part_visibility_set',
  ],
  show: (outsourced = false): string[] => [
    ...HEAD,
    ...TAIL,
    ...(outsourced ? OUTSOURCING : []),
    'revision',
    ...SHOW_GROUPS,
    'manufacturer_family',
    'part_visibility_set',
  ],
  /** The part summary a revision's show holds (SPEC 2.14). */
  partInRevision: [
    ...HEAD.slice(0, 5),
    'value',
    'value_text',
    'created_on',
    'updated_on',
    'inventory_price',
    'reorder_quantity',
    'inventory_maximum',
  ],
  /** A part where another is used (SPEC 2.15). */
  ancestor: ['id', 'partnumber', 'manufacturer_pn'],
  /** A bill line inside a part or revision (SPEC 2.10). */
  subpart: [
    'id',
    'subpart_id',
    'quantity',
    'build_sequence',
    'designator',
    'comment',
    'no_load',
    'part_id',
    'part_revision_id',
    'position',
  ],
  /** A subpart as its own routes answer it (SPEC 2.10 response). */
  subpartResponse: ['id', 'subpart_id', 'quantity', 'build_sequence', 'designator', 'comment', 'no_load'],
  /** A bill the part sits on (SPEC 2.13). */
  partlistPart: ['part_id', 'part_revision_id', 'quantity', 'comment', 'no_load'],
  /** A revision with these custom attributes, in this order. */
  revision: (...attributes: string[]): string[] => [...REVISION_FIELDS, ...attributes],
  /** A revision's show form (SPEC 2.14): the revision, then its part summary and its bill. */
  revisionShow: (...attributes: string[]): string[] => [...REVISION_FIELDS, ...attributes, 'part', 'subparts'],
  /** One failing item of a list a request sent (SPEC 7, add subparts). */
  itemError: ['number', 'errors'],
  visibilitySet: ['id', 'name', 'description', 'short_name', 'position'],
  manufacturerFamily: ['id', 'name'],
  quote: [
    'id',
    'vendor_id',
    'price',
    'quantity_min',
    'quantity_mult',
    'leadtime',
    'updated_on',
    'expires_on',
    'unit_id',
    'unit_conversion_id',
    'inventory',
    'comment',
    'currency',
  ],
  /** SPEC 2.13's fields, then the id its delete needs (decisions). */
  vendorPartNumber: ['vendor_id', 'part_number', 'comment', 'id'],
  alternatePart: ['part_id', 'comment', 'quality'],
} as const;
