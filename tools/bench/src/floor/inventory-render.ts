import { XML_DECLARATION } from '@pips/xml';
import type { UnitFormRow } from './inventory-sql';
import { el } from './xml-text';

const FIELDS = [
  'unit', 'cost_per_unit', 'currency', 'inventory_location', 'sublocation_bin', 'asset_id', 'serial_number', 'lot_code',
  'datecode', 'details', 'purchase_order_number', 'purchase_quantity', 'purchase_price', 'vendor', 'created_at', 'updated_at',
] as const;

/** SPEC 2.1's full form at `depth`, as PIPS writes it. */
function unitElement(u: UnitFormRow, depth: number): string {
  const pad = '  '.repeat(depth);
  const inner = pad + '  ';
  let xml = `${pad}<inventory_unit>\n${el(inner, 'id', u.id)}${el(inner, 'quantity', u.quantity)}${el(inner, 'quantity_available', u.quantity)}`;
  for (const field of FIELDS) xml += el(inner, field, u[field]);
  return `${xml}${pad}</inventory_unit>\n`;
}

export const unitDocument = (u: UnitFormRow): string => XML_DECLARATION + unitElement(u, 0);

export const unitsDocument = (units: readonly UnitFormRow[]): string =>
  `${XML_DECLARATION}<inventory_units type="array">\n${units.map((u) => unitElement(u, 1)).join('')}</inventory_units>\n`;
