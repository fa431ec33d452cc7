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
import { bool, decimal, int, wire } from './values';

/** A quote inside a part (SPEC 2.12). */
export const quoteInPartForm = form<Quote, TimeFormat>([
  verbatim('id', (quote) => int(quote.id), wire.int),
  verbatim('vendor_id', (quote) => int(quote.vendor_id), wire.int),
  verbatim('price', (quote) => decimal(quote.price), wire.decimal),
  verbatim('quantity_min', (quote) => decimal(quote.quantity_min), wire.decimal),
  verbatim('quantity_mult', (quote) => decimal(quote.quantity_mult), wire.decimal),
  verbatim('leadtime', (quote) => int(quote.leadtime), wire.int),
  verbatim('updated_on', (quote, time) => time.space(quote.updated_at), wire.spaceTime),
  verbatim('expires_on', (quote, time) => quote.expires_on && time.space(quote.expires_on), wire.spaceTime),
  verbatim('unit_id', (quote) => int(quote.unit_id), wire.int),
  verbatim('unit_conversion_id', (quote) => int(quote.unit_conversion_id), wire.int),
  verbatim('inventory', (quote) => decimal(quote.inventory), wire.decimal),
  text('comment', (quote) => quote.comment),
  text('currency', (quote) => quote.currency),
]);

/** A vendor part number inside a part: SPEC 2.13's fields, then the id its delete needs. */
export const vendorPartNumberInPartForm = form<VendorPartNumber>([
  verbatim('vendor_id', (number) => int(number.vendor_id), wire.int),
  text('part_number', (number) => number.part_number),
  text('comment', (number) => number.comment),
  verbatim('id', (number) => int(number.id), wire.int),
]);

/** An alternate: `part_id` is the part that can stand in. */
export const alternatePartForm = form<AlternatePart>([
  verbatim('part_id', (alternate) => int(alternate.alternate_part_id), wire.int),
  text('comment', (alternate) => alternate.comment),
  verbatim('quality', (alternate) => int(alternate.quality), wire.int),
]);

/** A unit of stock inside a part (SPEC 2.1, form inside a part). */
export const inventoryUnitInPartForm = form<PartInventoryUnit>([
  verbatim('id', (unit) => int(unit.id), wire.int),
  verbatim('quantity', (unit) => decimal(unit.quantity), wire.decimal),
  verbatim('inventory_location_id', (unit) => int(unit.inventory_location_id), wire.int),
  text('inventory_location_name', (unit) => unit.inventory_location_name),
  verbatim('inventory_sublocation_id', (unit) => int(unit.inventory_sublocation_id), wire.int),
  text('inventory_sublocation_name', (unit) => unit.inventory_sublocation_name),
  text('sublocation_bin', (unit) => unit.sublocation_bin),
  verbatim('purchase_order_id', (unit) => int(unit.purchase_order_id), wire.int),
]);

/** A bill of material the part sits on (SPEC 2.13). */
export const partlistPartForm = form<PartlistPart>([
  verbatim('part_id', (line) => int(line.part_id), wire.int),
  verbatim('part_revision_id', (line) => int(line.part_revision_id), wire.int),
  verbatim('quantity', (line) => decimal(line.quantity), wire.decimal),
  text('comment', (line) => line.comment),
  verbatim('no_load', (line) => bool(line.no_load), wire.bool),
]);

/** SPEC 2.10's subpart response fields. */
const subpartResponse: ReadonlyArray<Field<PartSubpart, unknown>> = [
  verbatim('id', (subpart) => int(subpart.id), wire.int),
  verbatim('subpart_id', (subpart) => int(subpart.subpart_id), wire.int),
  verbatim('quantity', (subpart) => decimal(subpart.quantity), wire.decimal),
  verbatim('build_sequence', (subpart) => int(subpart.build_sequence), wire.int),
  text('designator', (subpart) => subpart.designator),
  text('comment', (subpart) => subpart.comment),
  verbatim('no_load', (subpart) => bool(subpart.no_load), wire.bool),
];

/** A subpart as its own routes answer it (SPEC 2.10 response). */
export const subpartForm = form<PartSubpart>(subpartResponse);

/** A subpart inside a part: SPEC 2.10's response, then part_id, part_revision_id and position. */
export const subpartInPartForm = form<PartSubpart>([
  ...subpartResponse,
  verbatim('part_id', (subpart) => int(subpart.part_id), wire.int),
  verbatim('part_revision_id', (subpart) => int(subpart.part_revision_id), wire.int),
  verbatim('position', (subpart) => int(subpart.position), wire.int),
]);

/** An attachment (SPEC 2.17). */
export const attachmentInPartForm = form<PartAttachment, TimeFormat>([
  verbatim('id', (attachment) => int(attachment.id), wire.int),
  text('created_by', (attachment) => attachment.created_by),
  text('title', (attachment) => attachment.title),
  text('note_type', (attachment) => attachment.note_type),
  text('content_type', (attachment) => attachment.content_type),
  verbatim('position', (attachment) => int(attachment.position), wire.int),
  verbatim('published_at', (attachment, time) => attachment.published_at && time.iso(attachment.published_at), wire.isoTime),
  text('md5', (attachment) => attachment.md5),
  verbatim('file_size', (attachment) => int(attachment.file_size), wire.int),
  text('parent_reference', (attachment) => attachment.parent_reference),
]);

/** PIPS has no manufacturer families: the part's manufacturer stands for its family. */
export const manufacturerFamilyForm = form<Manufacturer>([
  verbatim('id', (manufacturer) => int(manufacturer.id), wire.int),
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
