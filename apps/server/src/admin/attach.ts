import { attachFile, parseAttach } from '@pips/domain';
import type { AdminOperation } from './admin-operation';
import { PAUSE_AFTER_BLOB, pauseAfterPut } from './pause-after-put';

/**
 * `pips attach --parent part/12 --title T FILE`: the file, streamed into the blob store, becomes
 * an attachment of the record (DESIGN 4: attachments come in through the CLI). Every option is
 * read by the domain's rules, as the API's fields are.
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
    const pause = process.env[PAUSE_AFTER_BLOB];
    const attachment = await attachFile(ctx, pause ? pauseAfterPut(blobs, pause) : blobs, parseAttach(request), input);
    return { out: `attachment ${attachment.id}: ${attachment.file_size} bytes, md5 ${attachment.md5}, on ${attachment.parent_reference}\n` };
  },
};
