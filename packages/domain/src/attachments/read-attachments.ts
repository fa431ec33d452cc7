import type { Context } from '../context';
import { errors } from '../errors';
import type { Input } from '../fields';
import { paginate, parsePageRequest, type Pagination } from '../paging';
import { count, many } from '../read-plan';
import type { Attachment } from '../records';
import { LIST_BATCH_SIZE, streamBatches } from '../stream-batches';

/** An attachment list: batches in id order, and the page's pagination when a page was asked for. */
export interface AttachmentList {
  readonly pagination: Pagination | null;
  readonly batches: AsyncIterable<Attachment[]>;
}

async function* once<T>(batch: T[]): AsyncIterable<T[]> {
  yield batch;
}

/**
 * SPEC 4.9 `GET <P>/attachments`: every attachment in id order, streamed; with `page`/`per_page`
 * a page and its count in one statement. A valid token is enough (DESIGN 4).
 */
export async function listAttachments(ctx: Context, query: Input, batchSize = LIST_BATCH_SIZE): Promise<AttachmentList> {
  const page = parsePageRequest(query);
  if (page !== null) {
    const offset = (page.page - 1) * page.perPage;
    const loaded = await ctx.store.read((tx) => tx.load({ total: count('attachment', {}), page: many('attachment', {}, { offset, limit: page.perPage }) }));
    return { pagination: paginate(page, loaded.total), batches: once(loaded.page) };
  }
  const batches = await streamBatches<Attachment>(ctx.store, batchSize, (tx, last, limit) =>
    tx.repo('attachment').find({ id: { $gt: last?.id ?? 0 } }, { limit }),
  );
  return { pagination: null, batches };
}

/** SPEC 4.9 `GET <P>/attachments/:id`; 404 when there is none. */
export async function showAttachment(ctx: Context, id: number): Promise<Attachment> {
  const attachment = await ctx.store.read((tx) => tx.repo('attachment').get(id));
  if (!attachment) throw errors.notFound('Attachment', id);
  return attachment;
}
