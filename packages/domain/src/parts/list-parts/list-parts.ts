import type { Context } from '../../context';
import type { Input } from '../../fields';
import { findPage, type Pagination } from '../../paging';
import type { Where } from '../../ports';
import type { Part } from '../../records';
import { LIST_BATCH_SIZE } from '../../reference/engine/stream-records';
import { streamBatches } from '../../stream-batches';
import { loadListItems, type PartListItem } from '../part-view';
import { parseListPartsQuery } from './list-parts-query';

/** A part list: batches of parts in id order, and the page's pagination when a page was asked for. */
export interface PartList {
  readonly pagination: Pagination | null;
  readonly batches: AsyncIterable<PartListItem[]>;
}

async function* once<T>(batch: T[]): AsyncIterable<T[]> {
  yield batch;
}

/**
 * `GET <P>/part`: with `page`/`per_page` one page (up to 1000 parts) read in one transaction;
 * without, every part, streamed in batches. `filter[updated_on][gte]` keeps parts updated at or
 * after an instant (the `part_updated_at_index`). Each batch reads the active revisions and their
 * attributes in one query each.
 */
export async function listParts(ctx: Context, query: Input, batchSize = LIST_BATCH_SIZE): Promise<PartList> {
  const { page, updatedSince } = parseListPartsQuery(query);
  const filter: Where<Part> = updatedSince === null ? {} : { updated_at: { $gte: updatedSince } };
  if (page !== null) {
    return ctx.store.transaction(async (tx) => {
      const { rows, pagination } = await findPage(tx.repo('part'), filter, page);
      return { pagination, batches: once(await loadListItems(tx, rows)) };
    });
  }
  const batches = await streamBatches<PartListItem>(ctx.store, batchSize, async (tx, last, limit) => {
    const where: Where<Part> = { ...filter, id: { $gt: last?.part.id ?? 0 } };
    return loadListItems(tx, await tx.repo('part').find(where, { limit }));
  });
  return { pagination: null, batches };
}
