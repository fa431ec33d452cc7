import { withEvents } from '../../events';
import { revisionDeleted } from '../revision-events';
import type { Context } from '../../context';
import { count, many, param } from '../../read-plan';
import { lockPart } from '../revision-lock';
import { checkDeleteRevision, planDeleteRevision } from './plan-delete-revision';

/** What a delete reads once the part is locked: its revisions, and what names the revision. */
const deletePlan = {
  revisions: many('part_revision', { part_id: param('part') }),
  users: count('subpart', { subpart_part_revision_id: param('revision') }),
  attachments: count('attachment', { parent_type: 'part_revision', parent_id: param('revision') }),
};

/**
 * SPEC 4.7 `DELETE <P>/parts/:part_id/revisions/:id`: a draft, with its attributes and bill. Never
 * a released revision, never the part's last one, never one another bill uses or an attachment
 * hangs on (422 each). Inside the transaction: the part locked, one read, one write.
 */
export async function deleteRevision(ctx: Context, partId: number, revisionId: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const part = await lockPart(tx, partId);
    const loaded = { part, ...(await tx.load(deletePlan, { part: part.id, revision: revisionId })) };
    const revision = checkDeleteRevision(loaded, revisionId);
    await tx.write(withEvents(planDeleteRevision(part, loaded.revisions, revision), [revisionDeleted(ctx, revision)]), { commit: true });
  });
}
