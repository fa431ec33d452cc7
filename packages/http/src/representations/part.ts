import { rubyFloat, type Part, type PartListItem, type PartView } from '@pips/domain';
import { array, fixed, form, nested, text, verbatim, when, type Field } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import {
  alternatePartForm,
  attachmentInPartForm,
  inventoryUnitInPartForm,
  manufacturerFamilyForm,
  partlistPartForm,
  partVisibilitySet,
  quoteInPartForm,
  subpartInPartForm,
  vendorPartNumberInPartForm,
} from './part-groups';
import { revisionForm } from './part-revision';
import { bool, decimal, int, wire } from './values';

type PartFields = ReadonlyArray<Field<{ part: Part }, TimeFormat>>;

/** The part's scalars in SPEC 2.13 order up to unit_id, where the list form puts its revision copies. */
const partHead: PartFields = [
  verbatim('id', ({ part }) => int(part.id), wire.int),
  text('partnumber', ({ part }) => part.partnumber),
  text('manufacturer_pn', ({ part }) => part.manufacturer_pn),
  verbatim('manufacturer_id', ({ part }) => int(part.manufacturer_id), wire.int),
  verbatim('parttype_id', ({ part }) => int(part.parttype_id), wire.int),
  verbatim('unit_id', ({ part }) => int(part.unit_id), wire.int),
];

/** Value, times and price: the part summary a revision shows (SPEC 2.14) repeats them. */
const partValueAndPrice: PartFields = [
  verbatim('value', ({ part }) => (part.value === null ? null : rubyFloat(part.value)), wire.float),
  text('value_text', ({ part }) => part.value_text),
  verbatim('created_on', ({ part }, time) => time.space(part.created_at), wire.spaceTime),
  verbatim('updated_on', ({ part }, time) => time.space(part.updated_at), wire.spaceTime),
  verbatim('inventory_price', ({ part }) => decimal(part.inventory_price), wire.decimal),
];

const partStockLimits: PartFields = [
  verbatim('reorder_quantity', ({ part }) => decimal(part.reorder_quantity), wire.decimal),
  verbatim('inventory_maximum', ({ part }) => decimal(part.inventory_maximum), wire.decimal),
];

/** The rest of the scalars; `x_outsourced` and `x_outsourcing_location` appear together, on parts that set either. */
const partTail: PartFields = [
  ...partValueAndPrice,
  verbatim('estimated_cost', ({ part }) => decimal(part.estimated_cost), wire.decimal),
  text('estimated_cost_currency', ({ part }) => part.estimated_cost_currency),
  ...partStockLimits,
  verbatim('preferred_vendor_id', ({ part }) => int(part.preferred_vendor_id), wire.int),
  verbatim('manufactured_here', ({ part }) => bool(part.manufactured_here), wire.bool),
  when(({ part }) => !(part.x_outsourced === null && part.x_outsourcing_location === null), [
    verbatim('x_outsourced', ({ part }) => bool(part.x_outsourced), wire.bool),
    text('x_outsourcing_location', ({ part }) => part.x_outsourcing_location),
  ]),
];

/** The part as a revision's show names it (SPEC 2.14). */
export const partInRevisionForm = form<{ part: Part }, TimeFormat>([
  // id, partnumber, manufacturer_pn, manufacturer_id, parttype_id: the head without unit_id.
  ...partHead.slice(0, 5),
  ...partValueAndPrice,
  ...partStockLimits,
]);

/** A part where another is used (SPEC 2.15). */
export const partAncestorForm = form<Pick<Part, 'id' | 'partnumber' | 'manufacturer_pn'>>([
  verbatim('id', (part) => int(part.id), wire.int),
  text('partnumber', (part) => part.partnumber),
  text('manufacturer_pn', (part) => part.manufacturer_pn),
]);

/** Part list form (SPEC 2.13): the active revision's comment, description and rohs follow unit_id. */
export const partListForm = form<PartListItem, TimeFormat>([
  ...partHead,
  text('comment', ({ activeRevision }) => activeRevision?.revision.comment),
  text('description', ({ activeRevision }) => activeRevision?.revision.description),
  verbatim('rohs', ({ activeRevision }) => bool(activeRevision?.revision.rohs), wire.bool),
  ...partTail,
  nested('active_revision', revisionForm, ({ activeRevision }) => activeRevision),
  fixed('part_visibility_set', partVisibilitySet),
]);

/** Part show form (SPEC 2.13): the scalars, one revision, every repeated group (always a list). */
export const partShowForm = form<PartView, TimeFormat>([
  ...partHead,
  ...partTail,
  nested('revision', revisionForm, (view) => view.revision),
  array('quotes', 'quote', quoteInPartForm, (view) => view.quotes),
  array('vendor_part_numbers', 'vendor_part_number', vendorPartNumberInPartForm, (view) => view.vendorPartNumbers),
  array('alternate_parts', 'alternate_part', alternatePartForm, (view) => view.alternateParts),
  array('inventory_units', 'inventory_unit', inventoryUnitInPartForm, (view) => view.inventoryUnits),
  array('partlist_parts', 'partlist_part', partlistPartForm, (view) => view.partlistParts),
  array('subparts', 'subpart', subpartInPartForm, (view) => view.subparts),
  array('attachments', 'attachment', attachmentInPartForm, (view) => view.attachments),
  nested('manufacturer_family', manufacturerFamilyForm, (view) => view.manufacturer),
  fixed('part_visibility_set', partVisibilitySet),
]);
