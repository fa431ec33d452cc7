import type { Context } from '../context';
import { createPartAnswering } from '../parts/create-part/create-part';
import type { PartAnswer } from '../parts/part-answer';
import type { PartRef } from '../parts/part-lookup';
import { updatePartAnswering } from '../parts/update-part/update-part';
import { loadPartView, shownTo, type PartView } from './part-view';

/** The show form as `ctx`'s caller may see it, read in the command's transaction. */
const showForm =
  (ctx: Context): PartAnswer<PartView> =>
  async (tx, part, revision) =>
    shownTo(await loadPartView(tx, part, revision), ctx.actor);

/** `POST <P>/part`, answered with the new part's show form (see `createPartAnswering`). */
export function createPart(ctx: Context, raw: unknown): Promise<PartView> {
  return createPartAnswering(ctx, showForm(ctx), raw);
}

/** `PUT <P>/part/:id`, answered with the changed part's show form (see `updatePartAnswering`). */
export function updatePart(ctx: Context, ref: PartRef, raw: unknown, revisionId?: unknown): Promise<PartView> {
  return updatePartAnswering(ctx, showForm(ctx), ref, raw, revisionId);
}
