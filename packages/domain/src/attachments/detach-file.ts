import type { BlobStore } from '../blob-port';
import type { Context } from '../context';
import { errors } from '../errors';
import type { Attachment } from '../records';
import { parseRecordId } from '../record-id';
import { planDetach } from './plan-detach';

/**
 * Removes an attachment (`pips detach ID`): the row in its transaction, then the bytes. A crash
 * between the two leaves an unreferenced blob, never a row without its file. 404 when none has
 * `id`, as written (text that is not an id names none, as in a path). One statement in the
 * transaction: the delete answers the row it removed, so it needs no read before it (a detach
 * meanwhile leaves it none to remove, and a 404).
 */
export async function detachFile(ctx: Context, blobs: BlobStore, idText: number | string): Promise<Attachment> {
  const id = parseRecordId(idText);
  if (id === null) throw errors.notFound('Attachment', idText);
  const removed = await ctx.store.transaction(async (tx) => {
    const planned = planDetach(id);
    const [attachment] = (await tx.write(planned.plan, { commit: true })).rows(planned.removed);
    if (!attachment) throw errors.notFound('Attachment', id);
    return attachment;
  });
  await blobs.delete(removed.blob_key);
  return removed;
}
