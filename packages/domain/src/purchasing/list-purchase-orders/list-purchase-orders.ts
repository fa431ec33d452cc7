import type { Context } from '../../context';
import type { Input } from '../../fields';
import { paginate, type Pagination } from '../../paging';
import type { Where } from '../../ports';
import { count, many } from '../../read-plan';
import type { PurchaseOrder } from '../../records';
import { LIST_BATCH_SIZE, streamBatches } from '../../stream-batches';
import { nextDay, startOfDay } from '../calendar-day';
import { parsePurchaseOrderQuery, type PurchaseOrderQuery } from './list-purchase-orders-query';

/** A purchase order list: batches newest first, and the page's pagination when a page was asked for. */
export interface PurchaseOrderList {
  readonly pagination: Pagination | null;
  readonly batches: AsyncIterable<PurchaseOrder[]>;
}

/** Newest first; orders created in the same instant, the later id first. */
const NEWEST_FIRST = [['created_on', 'desc'], ['id', 'desc']] as const;

async function* once<T>(batch: T[]): AsyncIterable<T[]> {
  yield batch;
}

/**
 * The query's filters: a status, and orders created from the start of the first day to the end
 * of the last (both days included), days counted in the site's zone.
 */
function filterOf(query: PurchaseOrderQuery, timeZone: string | undefined): Where<PurchaseOrder> {
  const where: Where<PurchaseOrder> = query.status === null ? {} : { status: query.status };
  if (query.days === null) return where;
  const from = startOfDay(query.days.start, timeZone);
  const until = startOfDay(nextDay(query.days.end), timeZone);
  // One condition per column: the upper bound goes in a one-branch `$or`.
  return { ...where, created_on: { $gte: from }, $or: [{ created_on: { $lt: until } }] };
}

/**
 * Orders after `last` in the list's order, within `filter`: the filter's one-branch `$or` (its
 * upper bound, if any) gains a nested `$or` of the two ways to come later.
 */
function after(filter: Where<PurchaseOrder>, last: PurchaseOrder): Where<PurchaseOrder> {
  const later: Array<Where<PurchaseOrder>> = [{ created_on: { $lt: last.created_on } }, { created_on: last.created_on, id: { $lt: last.id } }];
  return { ...filter, $or: [{ ...(filter.$or?.[0] ?? {}), $or: later }] };
}

/**
 * SPEC 4.8 `GET <P>/purchase_orders`: with `page`/`per_page` one page and its count in one
 * statement; without, every order, streamed in batches. A valid token is enough (DESIGN 4).
 */
export async function listPurchaseOrders(ctx: Context, raw: Input, batchSize = LIST_BATCH_SIZE): Promise<PurchaseOrderList> {
  const query = parsePurchaseOrderQuery(raw);
  const filter = filterOf(query, ctx.site.timeZone);
  const { page } = query;
  if (page !== null) {
    const offset = (page.page - 1) * page.perPage;
    const loaded = await ctx.store.read((tx) =>
      tx.load({ total: count('purchase_order', filter), orders: many('purchase_order', filter, { orderBy: NEWEST_FIRST, offset, limit: page.perPage }) }),
    );
    return { pagination: paginate(page, loaded.total), batches: once(loaded.orders) };
  }
  const batches = await streamBatches<PurchaseOrder>(ctx.store, batchSize, (tx, last, limit) =>
    tx.repo('purchase_order').find(last === null ? filter : after(filter, last), { orderBy: NEWEST_FIRST, limit }),
  );
  return { pagination: null, batches };
}
