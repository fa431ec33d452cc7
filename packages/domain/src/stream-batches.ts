import type { ReadTx, Store } from './ports';

/** How many records a streamed list reads per transaction, whichever aggregate it lists. */
export const LIST_BATCH_SIZE = 500;

/**
 * A long list read batch by batch, each batch its own short read (no transaction), so memory stays
 * flat and no connection is held while a slow client reads. `readBatch` reads up to `batchSize` items
 * after `last` (null for the first batch); a shorter batch is the last. The first batch is read
 * before this resolves, so its errors are still ordinary error responses.
 */
export async function streamBatches<T>(
  store: Store,
  batchSize: number,
  readBatch: (tx: ReadTx, last: T | null, limit: number) => Promise<T[]>,
): Promise<AsyncIterable<T[]>> {
  const first = await store.read((tx) => readBatch(tx, null, batchSize));
  return (async function* () {
    for (let batch = first; batch.length > 0; ) {
      yield batch;
      if (batch.length < batchSize) return;
      const last = batch.at(-1) as T;
      batch = await store.read((tx) => readBatch(tx, last, batchSize));
    }
  })();
}
