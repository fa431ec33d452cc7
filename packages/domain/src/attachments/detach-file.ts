import type { BlobStore } from '../blob-port';
import type { Context } from '../context';
import { errors } from '../errors';
import { eventSource } from '../events';
import type { Attachment } from '../records';
import { parseRecordId } from '../record-id';
import { removeLocked } from '../removal';
import { planDetach } from './plan-detach';

/**
 * Removes an attachment (`pips detach ID`): the row in its transaction, then the bytes. A crash
 * between the two leaves an unreferenced blob, never a row without its file. 404 when none has
 * `id`, as written (text that is not an id names none, as in a path). Two statements in the
 * transaction: the row read locked (a detach meanwhile leaves this one none to find, and a 404),
 * then its delete with its event (`attachment.removed`).
 */
export async function detachFile(ctx: Context, blobs: BlobStore, idText: number | string): Promise<Attachment> {
  const id = parseRecordId(idText);
  if (id === null) throw errors.notFound('Attachment', idText);
  const removed = await ctx.store.transaction((tx) => removeLocked(tx, 'attachment', { id }, (attachment) => planDetach(attachment, eventSource(ctx)).plan));
  if (!removed) throw errors.notFound('Attachment', id);
  await blobs.delete(removed.blob_key);
  return removed;
}
