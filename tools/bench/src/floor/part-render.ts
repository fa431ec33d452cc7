/**
 * A part's list item and show document by template, for the rows `sql.ts` reads; a part's value
 * is written by the domain's `rubyFloat`, the same pure function PIPS uses.
 */

import { rubyFloat } from '@pips/domain';
import { XML_DECLARATION } from '@pips/xml';
import { el, escapeAttribute, escapeText, type Scalar } from './xml-text';

export interface AttributeRow {
  name: string;
  value: string | null;
  value_text: string | null;
}

/** A part's columns and its (active) revision's, as both part queries select them. */
export interface PartRow {
  id: number;
  partnumber: string;
  manufacturer_pn: string;
  manufacturer_id: number;
  parttype_id: number;
  unit_id: number;
  value: number | null;
  value_text: string | null;
  created_on: string;
  updated_on: string;
  inventory_price: string | null;
  estimated_cost: string | null;
  estimated_cost_currency: string | null;
  reorder_quantity: string | null;
  inventory_maximum: string | null;
  preferred_vendor_id: number | null;
  manufactured_here: boolean;
  x_outsourced: boolean | null;
  x_outsourcing_location: string | null;
  /** The revision's columns; null for a part without one (list form only). */
  r_id: number | null;
  revision_name: string | null;
  revision_description: string | null;
  creator_id: number | null;
  released_at: string | null;
  releasor_id: number | null;
  comment: string | null;
  description: string | null;
  rohs: boolean | null;
  status: string | null;
  attributes: AttributeRow[] | null;
}

export interface PartShowRow extends PartRow {
  manufacturer_name: string | null;
  quotes: Array<Record<string, Scalar>> | null;
  vendor_part_numbers: Array<Record<string, Scalar>> | null;
  alternate_parts: Array<Record<string, Scalar>> | null;
  /** Units of stock, in the in-part form's fields (SPEC 2.1), in id order. */
  inventory_units: Array<Record<string, Scalar>> | null;
  partlist_parts: Array<Record<string, Scalar>> | null;
  subparts: Array<Record<string, Scalar>> | null;
  /** Attachments, in the in-part form's fields (SPEC 2.17), by position then id. */
  attachments: Array<Record<string, Scalar>> | null;
}

/** `x_mass` and `x_power` carry what was written as the attribute `value_text`. */
function attribute(pad: string, a: AttributeRow): string {
  if (a.name !== 'x_mass' && a.name !== 'x_power') return el(pad, a.name, a.value);
  const open = `${pad}<${a.name} value_text="${escapeAttribute(a.value_text ?? '')}"`;
  return a.value === null || a.value === '' ? `${open}/>\n` : `${open}>${escapeText(a.value)}</${a.name}>\n`;
}

function revision(pad: string, name: string, p: PartRow): string {
  if (p.r_id === null) return `${pad}<${name}/>\n`;
  const inner = `${pad}  `;
  let xml =
    `${pad}<${name}>\n${el(inner, 'id', p.r_id)}${el(inner, 'revision_name', p.revision_name)}` +
    `${el(inner, 'revision_description', p.revision_description)}${el(inner, 'creator_id', p.creator_id)}` +
    `${el(inner, 'released_at', p.released_at)}${el(inner, 'releasor_id', p.releasor_id)}${el(inner, 'comment', p.comment)}` +
    `${el(inner, 'description', p.description)}${el(inner, 'rohs', p.rohs)}${el(inner, 'status', p.status)}`;
  for (const a of p.attributes ?? []) xml += attribute(inner, a);
  return `${xml}${pad}</${name}>\n`;
}

/** The part's scalars in SPEC 2.13 order; the list form adds the revision's copies after unit_id. */
function partScalars(pad: string, p: PartRow, copies: boolean): string {
  let xml =
    `${el(pad, 'id', p.id)}${el(pad, 'partnumber', p.partnumber)}${el(pad, 'manufacturer_pn', p.manufacturer_pn)}` +
    `${el(pad, 'manufacturer_id', p.manufacturer_id)}${el(pad, 'parttype_id', p.parttype_id)}${el(pad, 'unit_id', p.unit_id)}`;
  if (copies) xml += `${el(pad, 'comment', p.comment)}${el(pad, 'description', p.description)}${el(pad, 'rohs', p.rohs)}`;
  xml +=
    `${el(pad, 'value', p.value === null ? null : rubyFloat(p.value))}${el(pad, 'value_text', p.value_text)}` +
    `${el(pad, 'created_on', p.created_on)}${el(pad, 'updated_on', p.updated_on)}${el(pad, 'inventory_price', p.inventory_price)}` +
    `${el(pad, 'estimated_cost', p.estimated_cost)}${el(pad, 'estimated_cost_currency', p.estimated_cost_currency)}` +
    `${el(pad, 'reorder_quantity', p.reorder_quantity)}${el(pad, 'inventory_maximum', p.inventory_maximum)}` +
    `${el(pad, 'preferred_vendor_id', p.preferred_vendor_id)}${el(pad, 'manufactured_here', p.manufactured_here)}`;
  if (p.x_outsourced !== null || p.x_outsourcing_location !== null) {
    xml += `${el(pad, 'x_outsourced', p.x_outsourced)}${el(pad, 'x_outsourcing_location', p.x_outsourcing_location)}`;
  }
  return xml;
}

const visibilitySet = (pad: string) =>
  `${pad}<part_visibility_set>\n${pad}  <id/>\n${pad}  <name/>\n${pad}  <description/>\n${pad}  <short_name/>\n${pad}  <position/>\n${pad}</part_visibility_set>\n`;

export const partListItem = (p: PartRow): string =>
  `  <part>\n${partScalars('    ', p, true)}${revision('    ', 'active_revision', p)}${visibilitySet('    ')}  </part>\n`;

/** A repeated group: `<name type="array"/>` when empty, else its items with `fields` in order. */
function group(name: string, item: string, rows: Array<Record<string, Scalar>> | null, fields: readonly string[]): string {
  if (!rows || rows.length === 0) return `  <${name} type="array"/>\n`;
  let xml = `  <${name} type="array">\n`;
  for (const row of rows) {
    xml += `    <${item}>\n`;
    for (const field of fields) xml += el('      ', field, row[field]);
    xml += `    </${item}>\n`;
  }
  return `${xml}  </${name}>\n`;
}

const QUOTE_FIELDS = [
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
] as const;

const SUBPART_FIELDS = [
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
] as const;

/** SPEC 2.1's form inside a part. */
const UNIT_FIELDS = [
  'id',
  'quantity',
  'inventory_location_id',
  'inventory_location_name',
  'inventory_sublocation_id',
  'inventory_sublocation_name',
  'sublocation_bin',
  'purchase_order_id',
] as const;

/** SPEC 2.17's attachment form. */
const ATTACHMENT_FIELDS = [
  'id',
  'created_by',
  'title',
  'note_type',
  'content_type',
  'position',
  'published_at',
  'md5',
  'file_size',
  'parent_reference',
] as const;

export function partShow(p: PartShowRow): string {
  const family =
    p.manufacturer_name === null
      ? '  <manufacturer_family/>\n'
      : `  <manufacturer_family>\n${el('    ', 'id', p.manufacturer_id)}${el('    ', 'name', p.manufacturer_name)}  </manufacturer_family>\n`;
  return (
    `${XML_DECLARATION}<part>\n${partScalars('  ', p, false)}${revision('  ', 'revision', p)}` +
    group('quotes', 'quote', p.quotes, QUOTE_FIELDS) +
    group('vendor_part_numbers', 'vendor_part_number', p.vendor_part_numbers, ['vendor_id', 'part_number', 'comment', 'id']) +
    group('alternate_parts', 'alternate_part', p.alternate_parts, ['part_id', 'comment', 'quality']) +
    group('inventory_units', 'inventory_unit', p.inventory_units, UNIT_FIELDS) +
    group('partlist_parts', 'partlist_part', p.partlist_parts, ['part_id', 'part_revision_id', 'quantity', 'comment', 'no_load']) +
    group('subparts', 'subpart', p.subparts, SUBPART_FIELDS) +
    group('attachments', 'attachment', p.attachments, ATTACHMENT_FIELDS) +
    `${family}${visibilitySet('  ')}</part>\n`
  );
}
