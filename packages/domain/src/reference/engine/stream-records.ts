import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { streamBatches } from '../../stream-batches';
import { whereColumns } from './column-values';
import type { ResourceDef, Shown } from './resource-def';
import { loadShown } from './with-related';

/** How many records a streamed list reads per transaction. */
export const LIST_BATCH_SIZE = 500;

/**
 * Every record in id order, read in batches by id (`streamBatches`), so a long list never holds a
 * connection (or memory) while a slow client reads it. The permission check and the first batch
 * happen before this resolves, so their errors are still ordinary error responses. Records
 * changed while a list is read may or may not show.
 */
export async function streamRecords<K extends TableName, X>(
  ctx: Context,
  def: ResourceDef<K, X>,
  batchSize = LIST_BATCH_SIZE,
): Promise<AsyncIterable<Shown<K, X>[]>> {
  requirePermission(ctx.actor, def.permissions?.read);
  return streamBatches<Shown<K, X>>(ctx.store, batchSize, async (tx, last, limit) => {
    const where = whereColumns<K>({ id: { $gt: last?.row.id ?? 0 } });
    return loadShown(def, tx, where, { limit });
  });
}
