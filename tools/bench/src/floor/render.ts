/**
 * The floor's XML, written by string templates: the same bytes PIPS writes (declaration, two-space
 * indentation, `type="array"`, `<x/>` for empty), for the rows `sql.ts` reads. Decimals and
 * timestamps arrive already as wire text; only the escaping is done here (`xml-text.ts`). Parts
 * are in `part-render.ts`.
 */

import { paginate } from '@pips/domain';
import { XML_DECLARATION } from '@pips/xml';
import { MANUFACTURER_SHOWN } from './sql';
import { el, type Scalar } from './xml-text';

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

/** A manufacturer as a create answers it; a new one has no linecard entries, so no vendors. */
export function manufacturerShow(m: ManufacturerRow): string {
  let xml = `${XML_DECLARATION}<manufacturer>\n`;
  for (const field of MANUFACTURER_SHOWN) xml += el('  ', field, m[field]);
  return `${xml}  <vendors type="array"/>\n</manufacturer>\n`;
}

export const errorsDocument = (message: string) =>
  `${XML_DECLARATION}<errors type="array">\n${el('  ', 'error', message)}</errors>\n`;

const BILL_LINE_FIELDS = ['id', 'subpart_id', 'quantity', 'build_sequence', 'designator', 'comment', 'no_load'] as const;

/** A bill line as its create answers it (SPEC 2.10). */
export function subpartShow(line: Record<(typeof BILL_LINE_FIELDS)[number], Scalar>): string {
  let xml = `${XML_DECLARATION}<subpart>\n`;
  for (const field of BILL_LINE_FIELDS) xml += el('  ', field, line[field]);
  return `${xml}</subpart>\n`;
}
