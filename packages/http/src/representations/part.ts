import { rubyFloat, type Part, type PartListItem, type PartView, type RevisionView } from '@pips/domain';
import { fields, list, type XmlFields, type XmlNode } from '@pips/xml';
import type { TimeFormat } from '../time-format';
import {
  alternatePartForm,
  attachmentInPartForm,
  inventoryUnitInPartForm,
  manufacturerFamilyForm,
  partlistPartForm,
  partVisibilitySetForm,
  quoteInPartForm,
  subpartInPartForm,
  vendorPartNumberInPartForm,
} from './part-groups';
import { revisionForm } from './part-revision';
import { bool, decimal, int } from './values';

type Entries = Array<readonly [string, XmlNode]>;

/** The list form's copies of the active revision's comment, description and rohs (SPEC 9.2). */
function revisionCopies(revision: RevisionView | null): Entries {
  return [
    ['comment', revision?.revision.comment ?? null],
    ['description', revision?.revision.description ?? null],
    ['rohs', bool(revision?.revision.rohs)],
  ];
}

/** `x_outsourced` and `x_outsourcing_location` appear together, on parts that set either. */
function outsourcing(part: Part): Entries {
  if (part.x_outsourced === null && part.x_outsourcing_location === null) return [];
  return [
    ['x_outsourced', bool(part.x_outsourced)],
    ['x_outsourcing_location', part.x_outsourcing_location],
  ];
}

/** The part's scalars in SPEC 2.13 order; `copies` go after unit_id (the list form only). */
function partEntries(part: Part, time: TimeFormat, copies: Entries): Entries {
  return [
    ['id', int(part.id)],
    ['partnumber', part.partnumber],
    ['manufacturer_pn', part.manufacturer_pn],
    ['manufacturer_id', int(part.manufacturer_id)],
    ['parttype_id', int(part.parttype_id)],
    ['unit_id', int(part.unit_id)],
    ...copies,
    ['value', part.value === null ? null : rubyFloat(part.value)],
    ['value_text', part.value_text],
    ['created_on', time.space(part.created_at)],
    ['updated_on', time.space(part.updated_at)],
    ['inventory_price', decimal(part.inventory_price)],
    ['estimated_cost', decimal(part.estimated_cost)],
    ['estimated_cost_currency', part.estimated_cost_currency],
    ['reorder_quantity', decimal(part.reorder_quantity)],
    ['inventory_maximum', decimal(part.inventory_maximum)],
    ['preferred_vendor_id', int(part.preferred_vendor_id)],
    ['manufactured_here', bool(part.manufactured_here)],
    ...outsourcing(part),
  ];
}

/** Part list form (SPEC 2.13). */
export function partListForm({ part, activeRevision }: PartListItem, time: TimeFormat): XmlFields {
  return fields([
    ...partEntries(part, time, revisionCopies(activeRevision)),
    ['active_revision', activeRevision && revisionForm(activeRevision, time)],
    ['part_visibility_set', partVisibilitySetForm],
  ]);
}

/** Part show form (SPEC 2.13): the scalars, one revision, every repeated group (always a list). */
export function partShowForm(view: PartView, time: TimeFormat): XmlFields {
  return fields([
    ...partEntries(view.part, time, []),
    ['revision', revisionForm(view.revision, time)],
    ['quotes', list('quote', view.quotes.map((quote) => quoteInPartForm(quote, time)))],
    ['vendor_part_numbers', list('vendor_part_number', view.vendorPartNumbers.map(vendorPartNumberInPartForm))],
    ['alternate_parts', list('alternate_part', view.alternateParts.map(alternatePartForm))],
    ['inventory_units', list('inventory_unit', view.inventoryUnits.map(inventoryUnitInPartForm))],
    ['partlist_parts', list('partlist_part', view.partlistParts.map(partlistPartForm))],
    ['subparts', list('subpart', view.subparts.map(subpartInPartForm))],
    ['attachments', list('attachment', view.attachments.map((attachment) => attachmentInPartForm(attachment, time)))],
    ['manufacturer_family', manufacturerFamilyForm(view.manufacturer)],
    ['part_visibility_set', partVisibilitySetForm],
  ]);
}
