import type { Context } from '../../context';
import { findPart, selectRevision, type PartRef } from '../part-lookup';
import { loadPartView, type PartView } from '../part-view';

/**
 * One part with the revision `revisionId` (the query's `revision_id`) selects, else its active
 * one. Parts need a valid token only.
 */
export async function showPart(ctx: Context, ref: PartRef, revisionId?: unknown): Promise<PartView> {
  return ctx.store.transaction(async (tx) => {
    const part = await findPart(tx, ref);
    return loadPartView(tx, part, await selectRevision(tx, part, revisionId));
  });
}
