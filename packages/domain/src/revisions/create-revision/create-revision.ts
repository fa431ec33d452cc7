import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import { revisionNameProblems } from '../../parts/part-checks';
import { copyToDraft } from '../copy-revision';
import { refuseCycles } from '../subparts/bill-cycle';
import { nextRevisionName } from '../revision-names';
import { lockPartRevisions, revisionAmong } from '../revision-lock';
import { readRevision, type RevisionShowView } from '../revision-view';
import type { CreateRevisionInput } from './create-revision-input';

/**
 * SPEC 4.7 `POST <P>/parts/:part_id/revisions?id=…`: a new draft of the part, copied from its
 * revision `id` (scalars, custom attributes and, unless `copy_subparts=false`, the bill). One
 * draft per part: a second is a 422 naming the first. Without a name, the one after the source's
 * that the part does not use yet. The part is read locked, so two creates take turns. `input` is
 * the request parsed by `parseCreateRevision`.
 */
export async function createRevision(ctx: Context, partId: number, input: CreateRevisionInput): Promise<RevisionShowView> {
  const { sourceId, copyLines, fields } = input;
  return ctx.store.transaction(async (tx) => {
    const { part, revisions } = await lockPartRevisions(tx, partId);
    const source = revisionAmong(revisions, sourceId);
    const draft = revisions.find((revision) => revision.status === 'Draft');
    if (draft) throw errors.unprocessable([messages.draftExists(part.partnumber, draft.revision_name, draft.id)]);
    const name = fields.revision_name ?? nextRevisionName(source.revision_name, new Set(revisions.map((r) => r.revision_name)));
    // Checked here, the part locked: every change to a part's revisions takes that lock first.
    const taken = await revisionNameProblems(tx, part.id, name, 0);
    if (taken.length > 0) throw errors.invalid(taken);
    const created = await copyToDraft(tx, source, {
      revision_name: name,
      revision_description: fields.revision_description,
      creatorId: ctx.actor.tokenId,
      now: ctx.clock.now(),
      copyLines,
    });
    // A copy holds what its source holds, so it contains itself only where a bill written before
    // this check did: such a bill is not copied on.
    if (copyLines) await refuseCycles(tx, [created.id]);
    return readRevision(tx, part.id, created.id);
  });
}
