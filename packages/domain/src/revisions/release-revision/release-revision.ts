import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import { revisionNameProblems } from '../../parts/part-checks';
import type { Tx } from '../../ports';
import type { Part, PartRevision } from '../../records';
import { copyToDraft } from '../copy-revision';
import { refuseCycles } from '../subparts/bill-cycle';
import { lockPartRevisions, revisionAmong } from '../revision-lock';
import { nextRevisionName } from '../revision-names';
import { planAncestors, type Ancestor } from './plan-ancestors';
import type { ReleaseInput } from './release-input';
import { checkListedUnits, disposeUnits, lockListedUnits } from '../../inventory/dispose-units';


/**
 * The parts whose current revision lists `part` (DESIGN 4), read locked in id order (two releases
 * meeting on one ancestor take turns, never cross), each with its draft if it has one.
 */
async function lockAncestors(tx: Tx, part: Part): Promise<Ancestor[]> {
  const lines = await tx.repo('subpart').find({ subpart_id: part.id });
  const holderIds = [...new Set(lines.map((line) => line.part_id))];
  if (holderIds.length === 0) return [];
  const holders = await tx.repo('part').find({ id: { $in: holderIds } }, { lock: true, orderBy: [['id', 'asc']] });
  const ancestors = holders.filter((holder) => lines.some((line) => line.part_id === holder.id && line.part_revision_id === holder.active_revision_id));
  if (ancestors.length === 0) return [];
  const drafts = await tx.repo('part_revision').find(
    { part_id: { $in: ancestors.map((ancestor) => ancestor.id) }, status: 'Draft' },
    { lock: true, orderBy: [['id', 'asc']] },
  );
  return ancestors.map((holder) => ({ part: holder, draft: drafts.find((draft) => draft.part_id === holder.id) ?? null }));
}

/**
 * Up-revises the ancestors the plan names: drafts re-pointed in place, new drafts copied from their
 * current revision. Answers the revisions whose lines now point elsewhere or are new.
 */
async function upRevise(tx: Tx, ctx: Context, part: Part, released: PartRevision, plan: ReturnType<typeof planAncestors>): Promise<number[]> {
  const now = ctx.clock.now();
  const changed: number[] = [];
  for (const { draft } of plan.updateDraft) {
    for (const line of await tx.repo('subpart').find({ part_revision_id: draft!.id, subpart_id: part.id })) {
      if (line.subpart_part_revision_id === released.id) continue;
      await tx.repo('subpart').update(line.id, { subpart_part_revision_id: released.id, updated_at: now });
      changed.push(draft!.id);
    }
  }
  for (const { part: ancestor } of plan.newDraft) {
    const revisions = await tx.repo('part_revision').find({ part_id: ancestor.id });
    const current = revisions.find((revision) => revision.id === ancestor.active_revision_id)!;
    const draft = await copyToDraft(tx, current, {
      revision_name: nextRevisionName(current.revision_name, new Set(revisions.map((revision) => revision.revision_name))),
      revision_description: null,
      creatorId: ctx.actor.tokenId,
      now,
      copyLines: true,
      repoint: new Map([[part.id, released.id]]),
    });
    changed.push(draft.id);
  }
  return changed;
}

/**
 * SPEC 4.7 `POST <P>/parts/:part_id/revisions/:id/release`: the draft becomes `Active` (released
 * now, by the caller; renamed if asked) and the part's active revision; the revision active before
 * becomes `Obsolete`. Units listed `dispose` go to 0 with a record (unlisted: kept). Its ancestors are up-revised or kept as listed (unlisted: up); a release
 * that would give an ancestor a new draft needs `bypass_part_ancestor_up_rev_guard=true`, else it
 * is refused naming them and nothing changes; so is one whose up-revised ancestors would contain
 * themselves. Everything in one transaction. `input` is the request parsed by `parseRelease`.
 */
export async function releaseRevision(ctx: Context, partId: number, revisionId: number, input: ReleaseInput): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const { part, revisions } = await lockPartRevisions(tx, partId, true);
    const revision = revisionAmong(revisions, revisionId);
    await checkListedUnits(tx, part.id, input.units);
    if (revision.status !== 'Draft') throw errors.unprocessable([messages.alreadyReleased(revision.revision_name, revision.status)]);
    if (input.rename.revision_name !== undefined) {
      const taken = await revisionNameProblems(tx, part.id, input.rename.revision_name, revision.id);
      if (taken.length > 0) throw errors.invalid(taken);
    }
    const plan = planAncestors(await lockAncestors(tx, part), input.ancestors, input.bypassAncestorGuard);
    const units = await lockListedUnits(tx, input.units);
    const now = ctx.clock.now();
    await disposeUnits(tx, units, input.units, { creatorId: ctx.actor.tokenId, now });
    for (const other of revisions) {
      if (other.id !== revision.id && other.status === 'Active') await tx.repo('part_revision').update(other.id, { status: 'Obsolete', updated_at: now });
    }
    const released = await tx.repo('part_revision').update(revision.id, {
      ...input.rename,
      status: 'Active',
      released_at: now,
      releasor_id: ctx.actor.tokenId,
      updated_at: now,
    });
    await tx.repo('part').update(part.id, { active_revision_id: revision.id, updated_at: now });
    // Pointed at the released revision, an ancestor's bill may now hold its own part (the released
    // bill may list another revision of it), however deep: refused like any line that would.
    await refuseCycles(tx, await upRevise(tx, ctx, part, released!, plan));
  });
}
