import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import type { TableName } from '../../records';
import { whereColumns } from './column-values';
import type { ResourceDef, Shown } from './resource-def';
import { withRelated } from './with-related';

/** How many records a streamed list reads per transaction. */
export const LIST_BATCH_SIZE = 500;

/**
 * Every record in id order, read in batches by id, each batch in its own short transaction,
 * so a long list never holds a connection (or memory) while a slow client reads it. The
 * permission check and the first batch happen before this resolves, so their errors are
 * still ordinary error responses. Records changed while a list is read may or may not show.
 */
export async function streamRecords<K extends TableName, X>(
  ctx: Context,
  def: ResourceDef<K, X>,
  batchSize = LIST_BATCH_SIZE,
): Promise<AsyncIterable<Shown<K, X>[]>> {
  requirePermission(ctx.actor, def.permissions?.read);
  const batchAfter = (lastId: number) =>
    ctx.store.transaction(async (tx) => {
      const rows = await tx.repo(def.table).find(whereColumns<K>({ id: { $gt: lastId } }), { limit: batchSize });
      return withRelated(def, tx, rows);
    });
  const first = await batchAfter(0);
  return (async function* () {
    for (let batch = first; batch.length > 0; ) {
      yield batch;
      const last = batch.at(-1);
      if (batch.length < batchSize || !last) return;
      batch = await batchAfter(last.row.id);
    }
  })();
}
