import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import { many, param, type Plan, type PlanWhere } from '../../read-plan';
import type { TableName } from '../../records';
import { LIST_BATCH_SIZE, streamBatches } from '../../stream-batches';
import type { ResourceDef, RowOf, Shown } from './resource-def';
import { shownBatch } from './with-related';

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
  const plan = columns && columnsBatchPlan(def.table, columns);
  return streamBatches<Shown<K, X> | Columns<K, C>>(ctx.store, batchSize, async (tx, last, limit) => {
    const after = (last?.row as { id?: number } | undefined)?.id ?? 0;
    if (!plan) return shownBatch(def, tx, after, limit);
    const { rows } = (await tx.load(plan, { after, limit })) as unknown as { rows: Array<Pick<RowOf<K>, C>> };
    return rows.map((row) => ({ row }));
  });
}

/** Batch plans by table and columns, built once each so adapters compile them once. */
const columnsPlans = new Map<string, Plan>();

/** A batch of `columns` of `table`'s rows after an id (`after`, `limit`); `id` is read whatever the list shows: the next batch starts after it. */
function columnsBatchPlan<K extends TableName>(table: K, columns: readonly string[]): Plan {
  const read = columns.includes('id') ? columns : [...columns, 'id'];
  const key = `${table}:${read.join(',')}`;
  let plan = columnsPlans.get(key);
  if (!plan) {
    const after = { id: { $gt: param('after') } } as PlanWhere<RowOf<K>>;
    columnsPlans.set(key, (plan = { rows: many(table, after, { limit: param('limit'), columns: read as Array<keyof RowOf<K> & string> }) }));
  }
  return plan;
}
