import { errors } from '../errors';
import type { Tx } from '../ports';
import { attachmentParentTypes } from '../tables/attachment-tables';

/**
 * A record with attachments stays (422 `Cannot delete record because dependent attachments
 * exist`), as one any other record uses: attachments name their owner by type and id, which no
 * foreign key guards, so each delete asks. `ids` are records of `table`.
 */
export async function refuseWhileAttached(tx: Tx, table: string, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !(attachmentParentTypes as readonly string[]).includes(table)) return;
  if ((await tx.repo('attachment').count({ parent_type: table, parent_id: { $in: [...ids] } })) > 0) throw errors.inUseByTable('attachment');
}
