import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import { many } from '../../read-plan';
import type { TableName } from '../../records';
import { streamBatches } from '../../stream-batches';
import { whereColumns } from './column-values';
import type { ResourceDef, RowOf, Shown } from './resource-def';
import { loadShown } from './with-related';

/** How many records a streamed list reads per transaction. */
export const LIST_BATCH_SIZE = 500;

/** A record as a list naming its columns reads it: those columns, no related data. */
export interface Columns<K extends TableName, C extends keyof RowOf<K> & string> {
  row: Pick<RowOf<K>, C>;
}

export interface StreamOptions<C extends string> {
  /** Only these columns and no related data: what a list form that shows no more needs. */
  readonly columns?: readonly C[];
  readonly batchSize?: number;
}

/**
 * Every record in id order, read in batches by id (`streamBatches`), so a long list never holds a
 * connection (or memory) while a slow client reads it. The permission check and the first batch
 * happen before this resolves, so their errors are still ordinary error responses. Records
 * changed while a list is read may or may not show.
 */
export function streamRecords<K extends TableName, X>(
  ctx: Context,
  def: ResourceDef<K, X>,
  options?: { readonly batchSize?: number },
): Promise<AsyncIterable<Shown<K, X>[]>>;
export function streamRecords<K extends TableName, X, C extends keyof RowOf<K> & string>(
  ctx: Context,
  def: ResourceDef<K, X>,
  options: StreamOptions<C> & { readonly columns: readonly C[] },
): Promise<AsyncIterable<Columns<K, C>[]>>;
export async function streamRecords<K extends TableName, X, C extends keyof RowOf<K> & string>(
  ctx: Context,
  def: ResourceDef<K, X>,
  { columns, batchSize = LIST_BATCH_SIZE }: StreamOptions<C> = {},
): Promise<AsyncIterable<Array<Shown<K, X> | Columns<K, C>>>> {
  requirePermission(ctx.actor, def.permissions?.read);
  // `id` is read whatever the list shows: the next batch starts after the last one's.
  const read = columns && (columns.includes('id' as C) ? columns : [...columns, 'id' as C]);
  return streamBatches<Shown<K, X> | Columns<K, C>>(ctx.store, batchSize, async (tx, last, limit) => {
    const where = whereColumns<K>({ id: { $gt: (last?.row as { id?: number } | undefined)?.id ?? 0 } });
    if (!read) return loadShown(def, tx, where, { limit });
    const { rows } = await tx.load({ rows: many(def.table, where, { limit, columns: read }) });
    return rows.map((row) => ({ row: row as Pick<RowOf<K>, C> }));
  });
}
