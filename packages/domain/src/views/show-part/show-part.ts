import type { Context } from '../../context';
import type { PartRef } from '../../parts/part-lookup';
import { readPartView, shownTo, type PartView } from '../part-view';

/**
 * One part with the revision `revisionId` (the query's `revision_id`) selects, else its active
 * one. Parts need a valid token only. One statement, no transaction.
 */
export async function showPart(ctx: Context, ref: PartRef, revisionId?: unknown): Promise<PartView> {
  return shownTo(await ctx.store.read((tx) => readPartView(tx, ref, revisionId)), ctx.actor);
}
