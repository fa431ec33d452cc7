import {
  always,
  bool,
  decimal,
  int,
  list,
  nullable,
  nullableBool,
  nullableDecimal,
  nullableFloat,
  nullableInt,
  nullableSpaceTimestamp,
  nullableText,
  optional,
  record,
  spaceTimestamp,
  text,
  withCustomAttributes,
  type Shape,
} from '../codec/decoders';
import type {
  AlternatePart,
  Part,
  PartAncestor,
  PartInventoryUnit,
  PartListItem,
  PartlistPart,
  PartQuote,
  PartRevision,
  PartRevisionFields,
  PartScalars,
  PartSubpart,
  PartSummary,
  PartVendorPartNumber,
  PartVisibilitySet,
  RevisionShow,
  Subpart,
} from '../types/parts';
import { attachment } from './attachments';

/** Decoders of the part representations (packages/http/src/representations/part*.ts). */
export const partRevision = withCustomAttributes(
  record<PartRevisionFields>({
    id: int,
    revision_name: text,
    revision_description: nullableText,
    creator_id: nullableInt,
    released_at: nullableSpaceTimestamp,
    releasor_id: nullableInt,
    comment: nullableText,
    description: nullableText,
    rohs: nullableBool,
    status: text,
  }),
) satisfies (value: unknown, at: string) => PartRevision;

const visibilitySet = record<PartVisibilitySet>({
  id: always(null),
  name: always(null),
  description: always(null),
  short_name: always(null),
  position: always(null),
});

const scalars: Shape<PartScalars> = {
  id: int,
  partnumber: text,
  manufacturer_pn: text,
  manufacturer_id: int,
  parttype_id: int,
  unit_id: int,
  value: nullableFloat,
  value_text: nullableText,
  created_on: spaceTimestamp,
  updated_on: spaceTimestamp,
  inventory_price: nullableDecimal,
  estimated_cost: nullableDecimal,
  estimated_cost_currency: nullableText,
  reorder_quantity: nullableDecimal,
  inventory_maximum: nullableDecimal,
  preferred_vendor_id: nullableInt,
  manufactured_here: bool,
  x_outsourced: optional(nullableBool),
  x_outsourcing_location: optional(nullableText),
};

export const partListItem = record<PartListItem>({
  ...scalars,
  comment: nullableText,
  description: nullableText,
  rohs: nullableBool,
  active_revision: nullable(partRevision),
  part_visibility_set: visibilitySet,
});

const quote = record<PartQuote>({
  id: int,
  vendor_id: int,
  price: decimal,
  quantity_min: nullableDecimal,
  quantity_mult: nullableDecimal,
  leadtime: nullableInt,
  updated_on: spaceTimestamp,
  expires_on: nullableSpaceTimestamp,
  unit_id: nullableInt,
  unit_conversion_id: nullableInt,
  inventory: nullableDecimal,
  comment: nullableText,
  currency: text,
});

const vendorPartNumber = record<PartVendorPartNumber>({ vendor_id: int, part_number: text, comment: nullableText, id: int });

const alternatePart = record<AlternatePart>({ part_id: int, comment: nullableText, quality: nullableInt });

const inventoryUnitInPart = record<PartInventoryUnit>({
  id: int,
  quantity: decimal,
  inventory_location_id: int,
  inventory_location_name: text,
  inventory_sublocation_id: int,
  inventory_sublocation_name: text,
  sublocation_bin: nullableText,
  purchase_order_id: nullableInt,
});

const partlistPart = record<PartlistPart>({
  part_id: int,
  part_revision_id: int,
  quantity: decimal,
  comment: nullableText,
  no_load: bool,
});

const subpartShape: Shape<Subpart> = {
  id: int,
  subpart_id: int,
  quantity: decimal,
  build_sequence: nullableInt,
  designator: nullableText,
  comment: nullableText,
  no_load: bool,
};

export const subpart = record<Subpart>(subpartShape);

const subpartInPart = record<PartSubpart>({ ...subpartShape, part_id: int, part_revision_id: int, position: int });

export const part = record<Part>({
  ...scalars,
  revision: partRevision,
  quotes: list(quote),
  vendor_part_numbers: list(vendorPartNumber),
  alternate_parts: list(alternatePart),
  inventory_units: list(inventoryUnitInPart),
  partlist_parts: list(partlistPart),
  subparts: list(subpartInPart),
  attachments: list(attachment),
  manufacturer_family: nullable(record({ id: int, name: text })),
  part_visibility_set: visibilitySet,
});

const partSummary = record<PartSummary>({
  id: int,
  partnumber: text,
  manufacturer_pn: text,
  manufacturer_id: int,
  parttype_id: int,
  value: nullableFloat,
  value_text: nullableText,
  created_on: spaceTimestamp,
  updated_on: spaceTimestamp,
  inventory_price: nullableDecimal,
  reorder_quantity: nullableDecimal,
  inventory_maximum: nullableDecimal,
});

const revisionParts = record<Pick<RevisionShow, 'part' | 'subparts'>>({ part: partSummary, subparts: list(subpartInPart) });

/** A revision's show form: the revision (its attributes too), then its part and its bill. */
export const revisionShow = (value: unknown, at: string): RevisionShow => ({ ...partRevision(value, at), ...revisionParts(value, at) });

export const partAncestor = record<PartAncestor>({ id: int, partnumber: text, manufacturer_pn: text });
