import type {
  AlternatePart,
  Manufacturer,
  PartAttachment,
  PartInventoryUnit,
  PartlistPart,
  PartSubpart,
  Quote,
  VendorPartNumber,
} from '@pips/domain';
import { fields } from '@pips/xml';
import { form, text, verbatim, type Field } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { bool, decimal, int } from './values';

/** A quote inside a part (SPEC 2.12). */
export const quoteInPartForm = form<Quote, TimeFormat>([
  verbatim('id', (quote) => int(quote.id)),
  verbatim('vendor_id', (quote) => int(quote.vendor_id)),
  verbatim('price', (quote) => decimal(quote.price)),
  verbatim('quantity_min', (quote) => decimal(quote.quantity_min)),
  verbatim('quantity_mult', (quote) => decimal(quote.quantity_mult)),
  verbatim('leadtime', (quote) => int(quote.leadtime)),
  verbatim('updated_on', (quote, time) => time.space(quote.updated_at)),
  verbatim('expires_on', (quote, time) => quote.expires_on && time.space(quote.expires_on)),
  verbatim('unit_id', (quote) => int(quote.unit_id)),
  verbatim('unit_conversion_id', (quote) => int(quote.unit_conversion_id)),
  verbatim('inventory', (quote) => decimal(quote.inventory)),
  text('comment', (quote) => quote.comment),
  text('currency', (quote) => quote.currency),
]);

/** A vendor part number inside a part: SPEC 2.13's fields, then the id its delete needs. */
export const vendorPartNumberInPartForm = form<VendorPartNumber>([
  verbatim('vendor_id', (number) => int(number.vendor_id)),
  text('part_number', (number) => number.part_number),
  text('comment', (number) => number.comment),
  verbatim('id', (number) => int(number.id)),
]);

/** An alternate: `part_id` is the part that can stand in. */
export const alternatePartForm = form<AlternatePart>([
  verbatim('part_id', (alternate) => int(alternate.alternate_part_id)),
  text('comment', (alternate) => alternate.comment),
  verbatim('quality', (alternate) => int(alternate.quality)),
]);

/** A unit of stock inside a part (SPEC 2.1, form inside a part). */
export const inventoryUnitInPartForm = form<PartInventoryUnit>([
  verbatim('id', (unit) => int(unit.id)),
  verbatim('quantity', (unit) => decimal(unit.quantity)),
  verbatim('inventory_location_id', (unit) => int(unit.inventory_location_id)),
  text('inventory_location_name', (unit) => unit.inventory_location_name),
  verbatim('inventory_sublocation_id', (unit) => int(unit.inventory_sublocation_id)),
  text('inventory_sublocation_name', (unit) => unit.inventory_sublocation_name),
  text('sublocation_bin', (unit) => unit.sublocation_bin),
  verbatim('purchase_order_id', (unit) => int(unit.purchase_order_id)),
]);

/** A bill of material the part sits on (SPEC 2.13). */
export const partlistPartForm = form<PartlistPart>([
  verbatim('part_id', (line) => int(line.part_id)),
  verbatim('part_revision_id', (line) => int(line.part_revision_id)),
  verbatim('quantity', (line) => decimal(line.quantity)),
  text('comment', (line) => line.comment),
  verbatim('no_load', (line) => bool(line.no_load)),
]);

/** SPEC 2.10's subpart response fields. */
const subpartResponse: ReadonlyArray<Field<PartSubpart, unknown>> = [
  verbatim('id', (subpart) => int(subpart.id)),
  verbatim('subpart_id', (subpart) => int(subpart.subpart_id)),
  verbatim('quantity', (subpart) => decimal(subpart.quantity)),
  verbatim('build_sequence', (subpart) => int(subpart.build_sequence)),
  text('designator', (subpart) => subpart.designator),
  text('comment', (subpart) => subpart.comment),
  verbatim('no_load', (subpart) => bool(subpart.no_load)),
];

/** A subpart as its own routes answer it (SPEC 2.10 response). */
export const subpartForm = form<PartSubpart>(subpartResponse);

/** A subpart inside a part: SPEC 2.10's response, then part_id, part_revision_id and position. */
export const subpartInPartForm = form<PartSubpart>([
  ...subpartResponse,
  verbatim('part_id', (subpart) => int(subpart.part_id)),
  verbatim('part_revision_id', (subpart) => int(subpart.part_revision_id)),
  verbatim('position', (subpart) => int(subpart.position)),
]);

/** An attachment (SPEC 2.17). */
export const attachmentInPartForm = form<PartAttachment, TimeFormat>([
  verbatim('id', (attachment) => int(attachment.id)),
  text('created_by', (attachment) => attachment.created_by),
  text('title', (attachment) => attachment.title),
  text('note_type', (attachment) => attachment.note_type),
  text('content_type', (attachment) => attachment.content_type),
  verbatim('position', (attachment) => int(attachment.position)),
  verbatim('published_at', (attachment, time) => attachment.published_at && time.iso(attachment.published_at)),
  text('md5', (attachment) => attachment.md5),
  verbatim('file_size', (attachment) => int(attachment.file_size)),
  text('parent_reference', (attachment) => attachment.parent_reference),
]);

/** PIPS has no manufacturer families: the part's manufacturer stands for its family. */
export const manufacturerFamilyForm = form<Manufacturer>([
  verbatim('id', (manufacturer) => int(manufacturer.id)),
  text('name', (manufacturer) => manufacturer.name),
]);

/** PIPS has no visibility sets: every part shows the element with its fields empty. */
export const partVisibilitySet = fields([
  ['id', null],
  ['name', null],
  ['description', null],
  ['short_name', null],
  ['position', null],
]);
