import type { Statement } from './sql';
import { fieldsOf, insertEvents, type EventOf } from './event-write-sql';
import { dec, tsIso } from './sql-text';

/**
 * The floor's inventory writes: each one statement whose CTEs lock the unit (`FOR UPDATE`), change
 * it, write its record(s) and event(s) and read what the answer shows, so it is atomic without a
 * transaction around it: the fewest round trips the same locked update and inserts can take.
 */

const RECORD_COLUMNS = `inventory_unit_id, part_id, record_type, quantity_before, quantity_after, from_sublocation_id,
  to_sublocation_id, related_inventory_unit_id, comment, creator_id, created_at`;

/** The full form's columns of the units `source` holds, with their measure and place. */
const shown = (source: string) => `SELECT x.id, ${dec('x.quantity')} AS quantity, m.name AS unit, ${dec('x.cost_per_unit')} AS cost_per_unit,
  x.currency, COALESCE(NULLIF(l.shortname, ''), l.name) || ' - ' || s.name || COALESCE(' - ' || NULLIF(x.sublocation_bin, ''), '') AS inventory_location,
  x.sublocation_bin, x.asset_id, x.serial_number, x.lot_code, x.datecode, x.details, x.purchase_order_number,
  ${dec('x.purchase_quantity')} AS purchase_quantity, ${dec('x.purchase_price')} AS purchase_price, x.vendor,
  ${tsIso('x.created_at')} AS created_at, ${tsIso('x.updated_at')} AS updated_at
FROM ${source} x JOIN unit m ON m.id = x.unit_id JOIN inventory_sublocation s ON s.id = x.inventory_sublocation_id
  JOIN inventory_location l ON l.id = s.inventory_location_id`;

/**
 * A condition the unit found by its primary key must meet, which no index serves: left to itself,
 * on a table not yet analysed, the planner looks the unit up through `(part_id, serial_number)`
 * and reads every unit of the part (as PIPS's own reads did: `where-sql.ts`).
 */
const filter = (condition: string) => `(${condition}) IS TRUE`;

/** A new unit's fields as its event's payload holds them. */
const UNIT_FIELDS = [
  'part_id', 'unit_id', 'inventory_sublocation_id', 'quantity', 'cost_per_unit', 'currency', 'sublocation_bin', 'asset_id', 'serial_number', 'lot_code',
  'datecode', 'details', 'purchase_order_number', 'purchase_quantity', 'purchase_price', 'vendor', 'purchase_order_id', 'created_at', 'updated_at',
];

/** The event of each unit `from` names as `c` (PIPS's `inventory_unit.*`: at the part's units, for those who may view inventory). */
const unitEvent = (type: string, payload: string, from: string): EventOf => ({
  type,
  collection: "'part/' || c.part_id || '/inventory'",
  recordId: 'c.id',
  payload,
  permission: 'view_inventory',
  from,
});

/** Adjust: $1 unit, $2 part, $3 the new quantity. No row: no such unit of that part. */
export const ADJUST_UNIT: Statement = {
  name: 'floor_adjust_unit',
  text: `WITH locked AS (SELECT * FROM inventory_unit WHERE id = $1 AND ${filter('part_id = $2')} FOR UPDATE),
changed AS (UPDATE inventory_unit u SET quantity = $3::numeric, updated_at = now() FROM locked l WHERE u.id = l.id RETURNING u.*),
recorded AS (INSERT INTO inventory_record (${RECORD_COLUMNS})
  SELECT l.id, l.part_id, 'adjust', l.quantity, $3::numeric, NULL, NULL, NULL, NULL, 1, now() FROM locked l),
evented AS (${insertEvents(
    unitEvent('inventory_unit.adjusted', fieldsOf('c', ['quantity', 'updated_at'], { quantity_before: 'l.quantity', comment: 'NULL::text' }), 'changed c JOIN locked l ON l.id = c.id'),
  )})
${shown('changed')}`,
};

/** Split: $1 unit, $2 part, $3 quantity (below the unit's), $4 the new unit's sublocation. The original comes first. */
export const SPLIT_UNIT: Statement = {
  name: 'floor_split_unit',
  text: `WITH locked AS (SELECT * FROM inventory_unit WHERE id = $1 AND ${filter('part_id = $2 AND quantity > $3::numeric')} FOR UPDATE),
changed AS (UPDATE inventory_unit u SET quantity = l.quantity - $3::numeric, updated_at = now() FROM locked l WHERE u.id = l.id RETURNING u.*),
made AS (INSERT INTO inventory_unit (part_id, unit_id, inventory_sublocation_id, quantity, cost_per_unit, currency, sublocation_bin,
    asset_id, serial_number, lot_code, datecode, details, purchase_order_number, purchase_quantity, purchase_price, vendor,
    purchase_order_id, created_at, updated_at)
  SELECT part_id, unit_id, $4::int, $3::numeric, cost_per_unit, currency, NULL, NULL, NULL, lot_code, datecode, details,
    purchase_order_number, purchase_quantity, purchase_price, vendor, purchase_order_id, now(), now() FROM locked RETURNING *),
recorded AS (INSERT INTO inventory_record (${RECORD_COLUMNS})
  SELECT l.id, l.part_id, 'split', l.quantity, l.quantity - $3::numeric, NULL::int, NULL::int, m.id, NULL::text, 1, now() FROM locked l, made m
  UNION ALL
  SELECT m.id, m.part_id, 'split', 0, $3::numeric, NULL::int, m.inventory_sublocation_id, l.id, NULL::text, 1, now() FROM locked l, made m),
evented AS (${insertEvents(
    unitEvent('inventory_unit.split', fieldsOf('c', ['quantity', 'updated_at'], { quantity_before: 'l.quantity' }), 'changed c JOIN locked l ON l.id = c.id'),
    unitEvent('inventory_unit.created', fieldsOf('c', UNIT_FIELDS, { split_from: 'l.id' }), 'made c, locked l'),
  )}),
both_units AS (SELECT * FROM changed UNION ALL SELECT * FROM made)
${shown('both_units')} ORDER BY x.id`,
};

/** A unit as the full form shows it. */
export interface UnitFormRow {
  id: number;
  quantity: string;
  unit: string;
  cost_per_unit: string | null;
  currency: string;
  inventory_location: string;
  sublocation_bin: string | null;
  asset_id: string | null;
  serial_number: string | null;
  lot_code: string | null;
  datecode: string | null;
  details: string | null;
  purchase_order_number: string | null;
  purchase_quantity: string | null;
  purchase_price: string | null;
  vendor: string | null;
  created_at: string;
  updated_at: string;
}
