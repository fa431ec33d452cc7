import { withEvents } from '../../events';
import { releaseEvents } from '../revision-events';
import type { Context } from '../../context';
import { errors } from '../../errors';
import { listedUnitIds } from '../../inventory/dispose-units';
import type { Tx } from '../../ports';
import { many, param, ref } from '../../read-plan';
import type { Part } from '../../records';
import { BILL_ORDER } from '../bill-lines';
import { refuseCycles } from '../subparts/bill-cycle';
import { checkRelease, planRelease, type ReleaseLoaded } from './plan-release';
import type { ReleaseInput } from './release-input';

/**
 * The first statement: the part and every part holding a line listing it, locked in id order (two
 * releases meeting on one ancestor take turns, never cross; every change to a part's revisions
 * takes its part's lock first).
 */
const lockPlan = {
  usedOn: many('subpart', { subpart_id: param('part') }, { columns: ['part_id', 'part_revision_id'] }),
  parts: many('part', { $or: [{ id: param('part') }, { id: ref('usedOn', 'part_id') }] }, { lock: true }),
};

/**
 * The second, once those locks are held (a statement sees the data as it was when it began, so
 * what the locks guard is read after them): the part's revisions and its ancestors' drafts,
 * locked in id order; the units listed that are the part's, locked after them (no command locks a
 * unit before a part or a revision); and what up-revising the ancestors copies.
 */
const readPlan = {
  revisions: many('part_revision', { $or: [{ part_id: param('part') }, { part_id: { $in: param('ancestors') }, status: 'Draft' }] }, { lock: true }),
  ancestorRevisions: many('part_revision', { part_id: { $in: param('ancestors') } }),
  attributes: many('part_revision_attribute', { part_revision_id: { $in: param('current') } }),
  lines: many(
    'subpart',
    { $or: [{ part_revision_id: { $in: param('current') } }, { part_revision_id: ref('revisions', 'id'), subpart_id: param('part') }] },
    { orderBy: BILL_ORDER },
  ),
  units: many('inventory_unit', { id: { $in: param('units') }, part_id: param('part') }, { lock: true }),
};

/** The part and its ancestors (DESIGN 4: the parts whose current revision lists it) with their drafts, read as `lockPlan` and `readPlan` say. */
async function loadRelease(tx: Tx, partId: number, input: ReleaseInput): Promise<ReleaseLoaded> {
  const { usedOn, parts } = await tx.load(lockPlan, { part: partId });
  const part = parts.find((candidate) => candidate.id === partId);
  if (!part) throw errors.notFound('Part', partId);
  const holders: Part[] = parts.filter((holder) => usedOn.some((line) => line.part_id === holder.id && line.part_revision_id === holder.active_revision_id));
  const loaded = await tx.load(readPlan, {
    part: part.id,
    ancestors: holders.map((holder) => holder.id),
    current: holders.flatMap((holder) => (holder.active_revision_id === null ? [] : [holder.active_revision_id])),
    units: listedUnitIds(input.units),
  });
  const ancestors = holders.map((holder) => ({
    part: holder,
    draft: loaded.revisions.find((revision) => revision.part_id === holder.id && revision.status === 'Draft') ?? null,
  }));
  return { ...loaded, part, revisions: loaded.revisions.filter((revision) => revision.part_id === part.id), ancestors };
}

/**
 * SPEC 4.7 `POST <P>/parts/:part_id/revisions/:id/release`: the draft becomes `Active` (released
 * now, by the caller; renamed if asked) and the part's active revision; the revision active before
 * becomes `Obsolete`. Units listed `dispose` go to 0 with a record (unlisted: kept). Its ancestors are up-revised or kept as listed (unlisted: up); a release
 * that would give an ancestor a new draft needs `bypass_part_ancestor_up_rev_guard=true`, else it
 * is refused naming them and nothing changes; so is one whose up-revised ancestors would contain
 * themselves. Everything in one transaction: the locks, one read, one write, and when ancestors'
 * bills changed, the check for a part containing itself (its lock and its read). `input` is the
 * request parsed by `parseRelease`.
 */
export async function releaseRevision(ctx: Context, partId: number, revisionId: number, input: ReleaseInput): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const loaded = await loadRelease(tx, partId, input);
    const { revision, ancestors } = checkRelease(loaded, revisionId, input);
    const { plan, repointedDrafts, newDrafts } = planRelease(loaded, revision, ancestors, input, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
    // Commits with the plan when no ancestor's bill changed, so no check follows it.
    const events = releaseEvents(ctx, revision, plan.steps, ancestors, newDrafts);
    const written = await tx.write(withEvents(plan, events), { commit: repointedDrafts.length + newDrafts.length === 0 });
    // Pointed at the released revision, an ancestor's bill may now hold its own part (the released
    // bill may list another revision of it), however deep: refused like any line that would.
    await refuseCycles(tx, [...repointedDrafts, ...newDrafts.map((draft) => written.row(draft).id)]);
  });
}
