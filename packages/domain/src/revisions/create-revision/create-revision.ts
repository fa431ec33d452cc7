import { withEvents } from '../../events';
import { revisionCreated } from '../revision-events';
import type { Context } from '../../context';
import { inDefinedOrder } from '../../parts/custom-attributes';
import { many, param } from '../../read-plan';
import { billLines } from '../bill-lines';
import { refuseCycles } from '../subparts/bill-cycle';
import { lockPart } from '../revision-lock';
import type { RevisionShowView } from '../revision-view';
import type { CreateRevisionInput } from './create-revision-input';
import { checkCreateRevision, planCreateRevision } from './plan-create-revision';

/** What a create reads once the part is locked: its revisions, and the source's attributes and bill (a source of another part is refused before they are used). */
const createPlan = {
  revisions: many('part_revision', { part_id: param('part') }),
  attributes: many('part_revision_attribute', { part_revision_id: param('source') }),
  lines: billLines(param('source')),
};

/**
 * SPEC 4.7 `POST <P>/parts/:part_id/revisions?id=…`: a new draft of the part, copied from its
 * revision `id` (scalars, custom attributes and, unless `copy_subparts=false`, the bill). One
 * draft per part: a second is a 422 naming the first. Without a name, the one after the source's
 * that the part does not use yet. The part is read locked, so two creates take turns. `input` is
 * the request parsed by `parseCreateRevision`. Inside the transaction: the part locked, one read,
 * one write, and for a copied bill the check for a part containing itself (its lock and its read);
 * the answer is built from what was read and written.
 */
export async function createRevision(ctx: Context, partId: number, input: CreateRevisionInput): Promise<RevisionShowView> {
  return ctx.store.transaction(async (tx) => {
    const part = await lockPart(tx, partId);
    const loaded = { part, ...(await tx.load(createPlan, { part: part.id, source: input.sourceId })) };
    const { source, name } = checkCreateRevision(loaded, input);
    const { plan, draft, attributes, lines } = planCreateRevision(source, loaded, input, name, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
    // Commits with the plan when no bill was copied, so no check follows it.
    const event = revisionCreated(ctx, part.id, draft, { copied_from: source.id, subpart_count: lines.length });
    const written = await tx.write(withEvents(plan, [event]), { commit: lines.length === 0 });
    const revision = written.row(draft);
    // A copy holds what its source holds, so it contains itself only where a bill written before
    // this check did: such a bill is not copied on. Checked once written, as every bill write is.
    if (lines.length > 0) await refuseCycles(tx, [revision.id]);
    return { part, revision, attributes: inDefinedOrder(attributes.map((step) => written.row(step))), subparts: lines.map((step) => written.row(step)) };
  });
}
