import type { Context } from '../../context';
import type { Input } from '../../fields';
import { paginate, type Pagination } from '../../paging';
import type { Part } from '../../records';
import { LIST_BATCH_SIZE, streamBatches } from '../../stream-batches';
import { count, many, param, type PlanWhere } from '../../read-plan';
import { listItems, listItemsPlan, type PartListItem } from '../part-list-item';
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
  const plans = updatedSince === null ? EVERY_PART : UPDATED_SINCE;
  const since = updatedSince === null ? {} : { since: updatedSince };
  if (page !== null) {
    const offset = (page.page - 1) * page.perPage;
    const loaded = await ctx.store.read((tx) => tx.load(plans.page, { ...since, offset, limit: page.perPage }));
    return { pagination: paginate(page, loaded.total), batches: once(listItems(loaded)) };
  }
  const batches = await streamBatches<PartListItem>(ctx.store, batchSize, async (tx, last, limit) =>
    listItems(await tx.load(plans.batch, { ...since, after: last?.part.id ?? 0, limit })),
  );
  return { pagination: null, batches };
}

/**
 * The list's plans for the parts `filter` keeps: a page with its count (parameters `offset` and
 * `limit`), and a batch after an id (`after`, `limit`). Built once each, so adapters compile them once.
 */
function listPlans(filter: PlanWhere<Part>) {
  return {
    page: { total: count('part', filter), ...listItemsPlan(many('part', filter, { offset: param('offset'), limit: param('limit') })) },
    batch: listItemsPlan(many('part', { ...filter, id: { $gt: param('after') } }, { limit: param('limit') })),
  };
}

const EVERY_PART = listPlans({});
/** Parameter `since`: the instant the kept parts were updated at or after. */
const UPDATED_SINCE = listPlans({ updated_at: { $gte: param('since') } });
