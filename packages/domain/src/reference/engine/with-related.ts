import type { Tx } from '../../ports';
import type { TableName } from '../../records';
import type { ResourceDef, RowOf, Shown } from './resource-def';

/** The definition's related data for `rows`, fetched in one go, as a lookup by row. */
async function relatedOf<K extends TableName, X>(def: ResourceDef<K, X>, tx: Tx, rows: readonly RowOf<K>[]) {
  // A definition without `related` shows nothing more: its X is the default, undefined.
  return def.related ? def.related(tx, rows) : () => undefined as X;
}

/** `rows` with their related data. */
export async function withRelated<K extends TableName, X>(
  def: ResourceDef<K, X>,
  tx: Tx,
  rows: readonly RowOf<K>[],
): Promise<Shown<K, X>[]> {
  const lookup = await relatedOf(def, tx, rows);
  return rows.map((row) => ({ row, related: lookup(row) }));
}

/** One record with its related data. */
export async function shownOne<K extends TableName, X>(def: ResourceDef<K, X>, tx: Tx, row: RowOf<K>): Promise<Shown<K, X>> {
  const lookup = await relatedOf(def, tx, [row]);
  return { row, related: lookup(row) };
}
