import type { BlobStore, ByteStream } from '../blob-port';
import type { Context } from '../context';
import type { Attachment } from '../records';
import type { AttachInput } from './attach-input';
import { parentReference } from './attachment-parent';

/**
 * Attaches a file to a record (DESIGN 4: attachments come in through the CLI and the harness,
 * the API only reads them). The owner must exist; the bytes are stored first (streamed, counted
 * on the way), then the row is written with the next position among the owner's attachments,
 * the owner locked so two attaches do not take one position. A failed write removes the bytes;
 * a crash between the two leaves them unreferenced, for `sweepOrphanBlobs`. `input` is the
 * request parsed by `parseAttach`.
 */
export async function attachFile(ctx: Context, blobs: BlobStore, input: AttachInput, content: ByteStream): Promise<Attachment> {
  const { parent } = input;
  await ctx.store.read((tx) => parentReference(tx, parent));
  const blob = await blobs.put(content);
  // Held until the row is written or the bytes removed: a sweep meanwhile leaves them alone.
  try {
    return await ctx.store.transaction(async (tx) => {
      const reference = await parentReference(tx, parent, true);
      const [last] = await tx.repo('attachment').find({ parent_type: parent.type, parent_id: parent.id }, { orderBy: [['position', 'desc']], limit: 1 });
      const now = ctx.clock.now();
      return tx.repo('attachment').insert({
        parent_type: parent.type,
        parent_id: parent.id,
        parent_reference: reference,
        title: input.title,
        filename: input.filename,
        created_by: ctx.actor.name,
        note_type: input.note_type,
        content_type: input.content_type,
        position: (last?.position ?? 0) + 1,
        published_at: now,
        md5: blob.md5,
        file_size: blob.size,
        blob_key: blob.key,
        created_at: now,
        updated_at: now,
      });
    });
  } catch (error) {
    await blobs.delete(blob.key).catch(() => undefined);
    throw error;
  } finally {
    blobs.release(blob.key);
  }
}

