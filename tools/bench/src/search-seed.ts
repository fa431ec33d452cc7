import type { Prepared } from './server';
import { runSql } from './store-sql';

/** How many parts the searched units are spread over. */
export const SEARCH_PARTS = 200;

/**
 * `units` units over SEARCH_PARTS new parts, written by three statements (generate_series) straight
 * into the store PIPS uses, while PIPS is stopped on PGlite: what the search is timed on. Serial
 * numbers `SN00000001`…, asset ids `X00000001`…, lot codes `LOT-0`…`LOT-996`, details with an md5.
 */
export async function seedSearch(prepared: Prepared, units: number): Promise<void> {
  const sql = [
    `INSERT INTO part (partnumber, manufacturer_pn, manufacturer_id, parttype_id, unit_id, manufactured_here, created_at, updated_at)
     SELECT 'SRCH-' || lpad(g::text, 5, '0'), 'SRCH-MPN-' || g, (SELECT min(id) FROM manufacturer), (SELECT min(id) FROM parttype),
       (SELECT min(id) FROM unit), false, now(), now() FROM generate_series(1, ${SEARCH_PARTS}) g`,
    `INSERT INTO inventory_unit (part_id, unit_id, inventory_sublocation_id, quantity, currency, sublocation_bin, asset_id, serial_number,
       lot_code, datecode, details, created_at, updated_at)
     SELECT p.first + (g % ${SEARCH_PARTS}), (SELECT min(id) FROM unit), (SELECT min(id) FROM inventory_sublocation), 1, 'USD',
       'B' || (g % 40), 'X' || lpad(g::text, 8, '0'), 'SN' || lpad(g::text, 8, '0'), 'LOT-' || (g % 997), '2' || (g % 52),
       'reel ' || md5(g::text), now(), now()
     FROM generate_series(1, ${units}) g, (SELECT min(id) AS first FROM part WHERE partnumber LIKE 'SRCH-%') p`,
  ];
  await runSql(prepared, sql);
}
