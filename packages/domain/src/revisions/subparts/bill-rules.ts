import { errors, messages } from '../../errors';
import type { PartRevision } from '../../records';

/** A bill changes only on a draft revision (SPEC 3): 422 otherwise. */
export function requireDraft(revision: PartRevision): void {
  if (revision.status !== 'Draft') throw errors.unprocessable([messages.draftOnly(revision.revision_name, revision.status)]);
}
