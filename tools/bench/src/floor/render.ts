/**
 * The floor's XML, written by string templates: the same bytes PIPS writes (declaration, two-space
 * indentation, `type="array"`, `<x/>` for empty), for the rows `sql.ts` reads. Decimals and
 * timestamps arrive already as wire text; only the escaping is done here, and a part's value is
 * written by the domain's `rubyFloat`, the same pure function PIPS uses.
 */

import { paginate, rubyFloat } from '@pips/domain';
import { XML_DECLARATION } from '@pips/xml';

// Characters needing an escape, plus those XML 1.0 cannot carry (written as U+FFFD), as PIPS escapes them.
const NEEDS_WORK =
  // eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point
  /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

export function escapeText(text: string): string {
  NEEDS_WORK.lastIndex = 0;
  return NEEDS_WORK.test(text) ? text.replace(NEEDS_WORK, (c) => ESCAPES[c] ?? '\uFFFD') : text;
}

const escapeAttribute = (text: string) => escapeText(text).replace(/[\n\t]/g, (c) => (c === '\n' ? '&#10;' : '&#9;'));

type Scalar = string | number | boolean | null | undefined;

/** One element on its own line: empty (`<name/>`) for null and the empty string. */
function el(pad: string, name: string, value: Scalar): string {
  if (value === null || value === undefined || value === '') return `${pad}<${name}/>\n`;
  return `${pad}<${name}>${typeof value === 'string' ? escapeText(value) : String(value)}</${name}>\n`;
}

// ---- units

export interface UnitListRow {
  id: number;
  name: string;
  description: string | null;
}

export interface UnitRow extends UnitListRow {
  allow_fractional: boolean;
  conversions: Array<{ id: number; to_unit_id: number; factor: string }> | null;
}

export function unitShow(u: UnitRow): string {
  let xml = `${XML_DECLARATION}<unit>\n${el('  ', 'id', u.id)}${el('  ', 'name', u.name)}${el('  ', 'description', u.description)}${el('  ', 'allow_fractional', u.allow_fractional)}`;
  const conversions = u.conversions ?? [];
  if (conversions.length === 0) {
    xml += '  <unit_conversions type="array"/>\n';
  } else {
    xml += '  <unit_conversions type="array">\n';
    for (const c of conversions) {
      xml += `    <unit_conversion>\n${el('      ', 'id', c.id)}${el('      ', 'to_unit_id', c.to_unit_id)}${el('      ', 'factor', c.factor)}    </unit_conversion>\n`;
    }
    xml += '  </unit_conversions>\n';
  }
  return `${xml}</unit>\n`;
}

export const unitListItem = (u: UnitListRow): string =>
  `  <unit>\n${el('    ', 'id', u.id)}${el('    ', 'name', u.name)}${el('    ', 'description', u.description)}  </unit>\n`;

// ---- parts

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
  partlist_parts: Array<Record<string, Scalar>> | null;
  subparts: Array<Record<string, Scalar>> | null;
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
    // Stock and attachments have no tables yet: PIPS writes these empty too.
    '  <inventory_units type="array"/>\n' +
    group('partlist_parts', 'partlist_part', p.partlist_parts, ['part_id', 'part_revision_id', 'quantity', 'comment', 'no_load']) +
    group('subparts', 'subpart', p.subparts, SUBPART_FIELDS) +
    '  <attachments type="array"/>\n' +
    `${family}${visibilitySet('  ')}</part>\n`
  );
}

// ---- lists

export const listOpen = (root: string) => `${XML_DECLARATION}<${root} type="array">\n`;
export const listClose = (root: string) => `</${root}>\n`;
export const emptyList = (root: string) => `${XML_DECLARATION}<${root} type="array"/>\n`;

/** A whole page at once: the same bytes the streamed list gives. */
export function listDocument<T>(root: string, rows: readonly T[], item: (row: T) => string): string {
  if (rows.length === 0) return emptyList(root);
  let xml = listOpen(root);
  for (const row of rows) xml += item(row);
  return xml + listClose(root);
}

/** The `X-Pagination` header, as PIPS counts (the domain's `paginate`, keys in its order). */
export function paginationHeader(totalEntries: number, page: number, perPage: number): string {
  return JSON.stringify(paginate({ page, perPage }, totalEntries));
}

// ---- manufacturers

export interface ManufacturerRow {
  id: number;
  name: string;
  short_name: string | null;
  website: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  phone1: string | null;
  phone2: string | null;
  phone3: string | null;
}

const MANUFACTURER_FIELDS = [
  'id',
  'name',
  'short_name',
  'website',
  'address1',
  'address2',
  'address3',
  'city',
  'state',
  'postcode',
  'country',
  'phone1',
  'phone2',
  'phone3',
] as const;

/** A manufacturer as a create answers it; a new one has no linecard entries, so no vendors. */
export function manufacturerShow(m: ManufacturerRow): string {
  let xml = `${XML_DECLARATION}<manufacturer>\n`;
  for (const field of MANUFACTURER_FIELDS) xml += el('  ', field, m[field]);
  return `${xml}  <vendors type="array"/>\n</manufacturer>\n`;
}

export const errorsDocument = (message: string) =>
  `${XML_DECLARATION}<errors type="array">\n${el('  ', 'error', message)}</errors>\n`;
