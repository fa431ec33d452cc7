import type { Context } from '../../context';
import { refuseWhileAttached } from '../../attachments/owner-attachments';
import { errors, messages } from '../../errors';
import { lockPartRevisions, revisionAmong } from '../revision-lock';

/**
 * SPEC 4.7 `DELETE <P>/parts/:part_id/revisions/:id`: a draft, with its attributes and bill. Never
 * a released revision, never the part's last one, never one another bill uses (422 each).
 */
export async function deleteRevision(ctx: Context, partId: number, revisionId: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const { part, revisions } = await lockPartRevisions(tx, partId);
    const revision = revisionAmong(revisions, revisionId);
    if (revision.status !== 'Draft') throw errors.unprocessable([messages.onlyDraftsDeleted(revision.revision_name, revision.status)]);
    if (revisions.length === 1) throw errors.unprocessable([messages.lastRevision()]);
    if ((await tx.repo('subpart').count({ subpart_part_revision_id: revision.id })) > 0) throw errors.inUseByTable('subpart');
    await refuseWhileAttached(tx, 'part_revision', [revision.id]);
    await tx.repo('part_revision_attribute').deleteWhere({ part_revision_id: revision.id });
    await tx.repo('subpart').deleteWhere({ part_revision_id: revision.id });
    if (part.active_revision_id === revision.id) {
      // Only a never-released part's draft is active, and then it is its only revision; kept sound regardless.
      const latest = revisions.filter((other) => other.id !== revision.id).reduce((a, b) => (b.id > a.id ? b : a));
      await tx.repo('part').update(part.id, { active_revision_id: latest.id });
    }
    await tx.repo('part_revision').delete(revision.id);
  });
}
