import { detachFile, isPipsError } from '@pips/domain';
import { AdminFailure, type AdminOperation } from './admin-operation';

/** `pips detach ID`: the attachment and its file go (its owner may then be deleted). */
export const detachOperation: AdminOperation = {
  name: 'detach',
  async run({ ctx, blobs }, args) {
    const id = /^\d{1,10}$/.test(args.id ?? '') ? Number(args.id) : Number.NaN;
    if (!Number.isSafeInteger(id)) throw new AdminFailure([`error: ${args.id ?? ''} is not an attachment id`]);
    try {
      const removed = await detachFile(ctx, blobs, id);
      return { out: `detached attachment ${removed.id} from ${removed.parent_reference}\n` };
    } catch (error) {
      if (isPipsError(error)) throw new AdminFailure(error.messages.map((message) => `error: ${message}`));
      throw error;
    }
  },
};
