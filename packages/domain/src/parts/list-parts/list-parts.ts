import type { Context } from '../../context';
import type { Input } from '../../fields';
import { paginate, type Pagination } from '../../paging';
import type { Where } from '../../ports';
import type { Part } from '../../records';
import { LIST_BATCH_SIZE } from '../../reference/engine/stream-records';
import { streamBatches } from '../../stream-batches';
import { count, many } from '../../read-plan';
import { listItems, listItemsPlan, type PartListItem } from '../part-view';
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
 * `GET <P>/part`: with `page`/`per_page` one page (up to 1000 parts) with its count; without,
 * every part, streamed in batches. `filter[updated_on][gte]` keeps parts updated at or after an
 * instant (the `part_updated_at_index`). A page, or a batch, is one statement with the parts'
 * active revisions and their attributes.
 */
export async function listParts(ctx: Context, query: Input, batchSize = LIST_BATCH_SIZE): Promise<PartList> {
  const { page, updatedSince } = parseListPartsQuery(query);
  const filter: Where<Part> = updatedSince === null ? {} : { updated_at: { $gte: updatedSince } };
  if (page !== null) {
    const offset = (page.page - 1) * page.perPage;
    const loaded = await ctx.store.read((tx) =>
      tx.load({ total: count('part', filter), ...listItemsPlan(many('part', filter, { offset, limit: page.perPage })) }),
    );
    return { pagination: paginate(page, loaded.total), batches: once(listItems(loaded)) };
  }
  const batches = await streamBatches<PartListItem>(ctx.store, batchSize, async (tx, last, limit) => {
    const where: Where<Part> = { ...filter, id: { $gt: last?.part.id ?? 0 } };
    return listItems(await tx.load(listItemsPlan(many('part', where, { limit }))));
  });
  return { pagination: null, batches };
}
