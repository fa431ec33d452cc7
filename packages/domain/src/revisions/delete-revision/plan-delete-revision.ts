import { errors, messages } from '../../errors';
import type { Part, PartRevision } from '../../records';
import { deleteRows, updateRow, writePlan, type WritePlan, type WriteStep } from '../../write-plan';
import { revisionAmong } from '../revision-lock';

/** What a delete reads, the part locked: its revisions, and how many bill lines and attachments name the revision. */
export interface DeleteRevisionLoaded {
  readonly part: Part;
  readonly revisions: readonly PartRevision[];
  readonly users: number;
  readonly attachments: number;
}

/**
 * Whether revision `revisionId` may go, in SPEC 4.7's order: one of the part's (404), a draft, not
 * the part's last revision, named by no bill line, holding no attachment (422 each). Answers it.
 */
export function checkDeleteRevision(loaded: DeleteRevisionLoaded, revisionId: number): PartRevision {
  const revision = revisionAmong(loaded.revisions, revisionId);
  if (revision.status !== 'Draft') throw errors.unprocessable([messages.onlyDraftsDeleted(revision.revision_name, revision.status)]);
  if (loaded.revisions.length === 1) throw errors.unprocessable([messages.lastRevision()]);
  if (loaded.users > 0) throw errors.inUseByTable('subpart');
  if (loaded.attachments > 0) throw errors.inUseByTable('attachment');
  return revision;
}

/**
 * The writes of a delete `checkDeleteRevision` allowed: the revision's attributes and bill, then
 * the revision; a part whose active revision it was points at its latest other one first.
 */
export function planDeleteRevision(part: Part, revisions: readonly PartRevision[], revision: PartRevision): WritePlan {
  const steps: WriteStep[] = [deleteRows('part_revision_attribute', { part_revision_id: revision.id }), deleteRows('subpart', { part_revision_id: revision.id })];
  if (part.active_revision_id === revision.id) {
    // Only a never-released part's draft is active, and then it is its only revision; kept sound regardless.
    const latest = revisions.filter((other) => other.id !== revision.id).reduce((a, b) => (b.id > a.id ? b : a));
    steps.push(updateRow('part', part.id, { active_revision_id: latest.id }));
  }
  steps.push(deleteRows('part_revision', { id: revision.id }));
  return writePlan(steps);
}
