import { detachFile } from '@pips/domain';
import type { AdminOperation } from './admin-operation';

/** `pips detach ID`: the attachment and its file go (its owner may then be deleted). The id is read by the domain, as a path's is. */
export const detachOperation: AdminOperation = {
  name: 'detach',
  async run({ ctx, blobs }, args) {
    const removed = await detachFile(ctx, blobs, args.id ?? '');
    return { out: `detached attachment ${removed.id} from ${removed.parent_reference}\n` };
  },
};
