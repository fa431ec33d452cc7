import type { Context } from '../context';
import { createPartAnswering } from '../parts/create-part/create-part';
import type { CreatePartInput } from '../parts/create-part/create-part-input';
import type { CreatedPartAnswer, PartAnswer } from '../parts/part-answer';
import type { PartRef } from '../parts/part-lookup';
import { updatePartAnswering } from '../parts/update-part/update-part';
import type { UpdatePartInput } from '../parts/update-part/update-part-input';
import { loadPartView, newPartView, shownTo, type PartView } from './part-view';

/** The show form as `ctx`'s caller may see it, read in the command's transaction. */
const showForm =
  (ctx: Context): PartAnswer<PartView> =>
  async (tx, part, revision) =>
    shownTo(await loadPartView(tx, part, revision), ctx.actor);

/** A new part's show form as `ctx`'s caller may see it, from the rows its create wrote. */
const newShowForm =
  (ctx: Context): CreatedPartAnswer<PartView> =>
  (created) =>
    shownTo(newPartView(created), ctx.actor);

/** `POST <P>/part`, answered with the new part's show form (see `createPartAnswering`). */
export function createPart(ctx: Context, input: CreatePartInput): Promise<PartView> {
  return createPartAnswering(ctx, newShowForm(ctx), input);
}

/** `PUT <P>/part/:id`, answered with the changed part's show form (see `updatePartAnswering`). */
export function updatePart(ctx: Context, ref: PartRef, input: UpdatePartInput, revisionId?: unknown): Promise<PartView> {
  return updatePartAnswering(ctx, showForm(ctx), ref, input, revisionId);
}
