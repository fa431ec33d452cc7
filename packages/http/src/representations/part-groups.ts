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
import { fields, type XmlFields } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import { bool, decimal, int } from './values';

/** A quote inside a part (SPEC 2.12). */
export function quoteInPartForm(quote: Quote, time: TimeFormat): XmlFields {
  return fields([
    ['id', int(quote.id)],
    ['vendor_id', int(quote.vendor_id)],
    ['price', decimal(quote.price)],
    ['quantity_min', decimal(quote.quantity_min)],
    ['quantity_mult', decimal(quote.quantity_mult)],
    ['leadtime', int(quote.leadtime)],
    ['updated_on', time.space(quote.updated_at)],
    ['expires_on', quote.expires_on && time.space(quote.expires_on)],
    ['unit_id', int(quote.unit_id)],
    ['unit_conversion_id', int(quote.unit_conversion_id)],
    ['inventory', decimal(quote.inventory)],
    ['comment', quote.comment],
    ['currency', quote.currency],
  ]);
}

/** A vendor part number inside a part: SPEC 2.13's fields, then the id its delete needs. */
export function vendorPartNumberInPartForm(number: VendorPartNumber): XmlFields {
  return fields([
    ['vendor_id', int(number.vendor_id)],
    ['part_number', number.part_number],
    ['comment', number.comment],
    ['id', int(number.id)],
  ]);
}

/** An alternate: `part_id` is the part that can stand in. */
export function alternatePartForm(alternate: AlternatePart): XmlFields {
  return fields([
    ['part_id', int(alternate.alternate_part_id)],
    ['comment', alternate.comment],
    ['quality', int(alternate.quality)],
  ]);
}

/** A unit of stock inside a part (SPEC 2.1, form inside a part). */
export function inventoryUnitInPartForm(unit: PartInventoryUnit): XmlFields {
  return fields([
    ['id', int(unit.id)],
    ['quantity', decimal(unit.quantity)],
    ['inventory_location_id', int(unit.inventory_location_id)],
    ['inventory_location_name', unit.inventory_location_name],
    ['inventory_sublocation_id', int(unit.inventory_sublocation_id)],
    ['inventory_sublocation_name', unit.inventory_sublocation_name],
    ['sublocation_bin', unit.sublocation_bin],
    ['purchase_order_id', int(unit.purchase_order_id)],
  ]);
}

/** A bill of material the part sits on (SPEC 2.13). */
export function partlistPartForm(line: PartlistPart): XmlFields {
  return fields([
    ['part_id', int(line.part_id)],
    ['part_revision_id', int(line.part_revision_id)],
    ['quantity', decimal(line.quantity)],
    ['comment', line.comment],
    ['no_load', bool(line.no_load)],
  ]);
}

/** A subpart inside a part: SPEC 2.10's response, then part_id, part_revision_id and position. */
export function subpartInPartForm(subpart: PartSubpart): XmlFields {
  return fields([
    ['id', int(subpart.id)],
    ['subpart_id', int(subpart.subpart_id)],
    ['quantity', decimal(subpart.quantity)],
    ['build_sequence', int(subpart.build_sequence)],
    ['designator', subpart.designator],
    ['comment', subpart.comment],
    ['no_load', bool(subpart.no_load)],
    ['part_id', int(subpart.part_id)],
    ['part_revision_id', int(subpart.part_revision_id)],
    ['position', int(subpart.position)],
  ]);
}

/** An attachment (SPEC 2.17). */
export function attachmentInPartForm(attachment: PartAttachment, time: TimeFormat): XmlFields {
  return fields([
    ['id', int(attachment.id)],
    ['created_by', attachment.created_by],
    ['title', attachment.title],
    ['note_type', attachment.note_type],
    ['content_type', attachment.content_type],
    ['position', int(attachment.position)],
    ['published_at', attachment.published_at && time.iso(attachment.published_at)],
    ['md5', attachment.md5],
    ['file_size', int(attachment.file_size)],
    ['parent_reference', attachment.parent_reference],
  ]);
}

/** PIPS has no manufacturer families: the part's manufacturer stands for its family. */
export function manufacturerFamilyForm(manufacturer: Manufacturer | null): XmlFields | null {
  return manufacturer && fields([
    ['id', int(manufacturer.id)],
    ['name', manufacturer.name],
  ]);
}

/** PIPS has no visibility sets: every part shows the element with its fields empty. */
export const partVisibilitySetForm: XmlFields = fields([
  ['id', null],
  ['name', null],
  ['description', null],
  ['short_name', null],
  ['position', null],
]);
