import type { Context } from '../../context';
import { requirePermission } from '../../permissions';
import type { Where } from '../../ports';
import type { TableName } from '../../records';
import type { ResourceDef, RowOf, Shown } from './resource-def';
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
      const where = { id: { $gt: lastId } } as Where<RowOf<K>>;
      return withRelated(def, tx, await tx.repo(def.table).find(where, { limit: batchSize }));
    });
  const first = await batchAfter(0);
  return (async function* () {
    for (let batch = first; batch.length > 0; ) {
      yield batch;
      if (batch.length < batchSize) return;
      batch = await batchAfter((batch.at(-1) as Shown<K, X>).row.id);
    }
  })();
}
