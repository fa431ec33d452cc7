import { attachFile, isPipsError } from '@pips/domain';
import { AdminFailure, type AdminOperation } from './admin-operation';

/**
 * `pips attach --parent part/12 --title T FILE`: the file, streamed into the blob store, becomes
 * an attachment of the record (DESIGN 4: attachments come in through the CLI).
 */
export const attachOperation: AdminOperation = {
  name: 'attach',
  async run({ ctx, blobs }, args, input) {
    const request = {
      parent: args.parent ?? '',
      title: args.title ?? '',
      filename: args.filename ?? '',
      contentType: args.contentType ?? 'application/octet-stream',
      noteType: args.noteType ?? null,
    };
    try {
      const attachment = await attachFile(ctx, blobs, request, input);
      return { out: `attachment ${attachment.id}: ${attachment.file_size} bytes, md5 ${attachment.md5}, on ${attachment.parent_reference}\n` };
    } catch (error) {
      if (isPipsError(error) && error.code === 'invalid') throw new AdminFailure(error.messages.map((message) => `error: ${message}`));
      throw error;
    }
  },
};
