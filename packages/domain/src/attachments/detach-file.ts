import type { BlobStore } from '../blob-port';
import type { Context } from '../context';
import { errors } from '../errors';
import type { Attachment } from '../records';
import { parseRecordId } from '../record-id';

/**
 * Removes an attachment (`pips detach ID`): the row in its transaction, then the bytes. A crash
 * between the two leaves an unreferenced blob, never a row without its file. 404 when none has
 * `id`, as written (text that is not an id names none, as in a path).
 */
export async function detachFile(ctx: Context, blobs: BlobStore, idText: number | string): Promise<Attachment> {
  const id = parseRecordId(idText);
  if (id === null) throw errors.notFound('Attachment', idText);
  const removed = await ctx.store.transaction(async (tx) => {
    const attachment = await tx.repo('attachment').get(id, { lock: true });
    if (!attachment) throw errors.notFound('Attachment', id);
    await tx.repo('attachment').delete(id);
    return attachment;
  });
  await blobs.delete(removed.blob_key);
  return removed;
}
