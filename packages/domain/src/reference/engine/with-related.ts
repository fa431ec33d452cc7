import type { Tx } from '../../ports';
import type { TableName } from '../../records';
import type { ResourceDef, RowOf, Shown } from './resource-def';

/** `rows` with the related data the definition fetches for them, in one go. */
export async function withRelated<K extends TableName, X>(
  def: ResourceDef<K, X>,
  tx: Tx,
  rows: readonly RowOf<K>[],
): Promise<Shown<K, X>[]> {
  const lookup = def.related ? await def.related(tx, rows) : () => undefined as X;
  return rows.map((row) => ({ row, related: lookup(row) }));
}
