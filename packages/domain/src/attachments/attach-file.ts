import { eventSource, withEvents } from '../events';
import { attachmentAdded } from './attachment-events';
import type { BlobStore, ByteStream } from '../blob-port';
import type { Context } from '../context';
import { many, param } from '../read-plan';
import type { Attachment } from '../records';
import type { AttachInput } from './attach-input';
import { parentReference } from './attachment-parent';
import { planAttach } from './plan-attach';

/** The owner's attachment with the highest position. */
const lastOfOwner = {
  last: many('attachment', { parent_type: param('type'), parent_id: param('id') }, { orderBy: [['position', 'desc']], limit: 1, columns: ['position'] }),
};

/**
 * Attaches a file to a record (DESIGN 4: attachments come in through the CLI and the harness,
 * the API only reads them). The owner must exist; the bytes are stored first (streamed, counted
 * on the way), then the row is written with the next position among the owner's attachments,
 * the owner locked so two attaches do not take one position. A failed write removes the bytes;
 * a crash between the two leaves them unreferenced, for `sweepOrphanBlobs`. `input` is the
 * request parsed by `parseAttach`.
 *
 * Three statements in the transaction: the owner locked, the last position, the plan. The
 * position is read apart from the lock: a statement sees the data as it was when it began, so read
 * with the lock it would miss an attach that committed while the lock was waited for.
 */
export async function attachFile(ctx: Context, blobs: BlobStore, input: AttachInput, content: ByteStream): Promise<Attachment> {
  const { parent } = input;
  await ctx.store.read((tx) => parentReference(tx, parent));
  const blob = await blobs.put(content);
  // Held until the row is written or the bytes removed: a sweep meanwhile leaves them alone.
  try {
    return await ctx.store.transaction(async (tx) => {
      const reference = await parentReference(tx, parent, true);
      const [last] = (await tx.load(lastOfOwner, { type: parent.type, id: parent.id })).last;
      const planned = planAttach(input, blob, { reference, lastPosition: last?.position ?? null, createdBy: ctx.actor.name, now: ctx.clock.now() });
      return (await tx.write(withEvents(planned.plan, [attachmentAdded(eventSource(ctx), planned.attachment)]), { commit: true })).row(planned.attachment);
    });
  } catch (error) {
    await blobs.delete(blob.key).catch(() => undefined);
    throw error;
  } finally {
    blobs.release(blob.key);
  }
}
