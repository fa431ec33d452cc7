import type { Context } from '../context';
import { createPartAnswering } from '../parts/create-part/create-part';
import type { CreatePartInput } from '../parts/create-part/create-part-input';
import type { ChangedPartAnswer, CreatedPartAnswer } from '../parts/part-answer';
import type { PartRef } from '../parts/part-lookup';
import { updatePartAnswering } from '../parts/update-part/update-part';
import type { UpdatePartInput } from '../parts/update-part/update-part-input';
import { CHANGED_PART_READS, changedPartView, newPartView, shownTo, type PartView } from './part-view';

/** A new part's show form as `ctx`'s caller may see it, from the rows its create wrote. */
const newShowForm =
  (ctx: Context): CreatedPartAnswer<PartView> =>
  (created) =>
    shownTo(newPartView(created), ctx.actor);

/** `POST <P>/part`, answered with the new part's show form (see `createPartAnswering`). */
export function createPart(ctx: Context, input: CreatePartInput): Promise<PartView> {
  return createPartAnswering(ctx, newShowForm(ctx), input);
}

/** The changed part's show form as `ctx`'s caller may see it, its groups read with the update's first statement. */
const changedShowForm = (ctx: Context): ChangedPartAnswer<PartView> => ({
  reads: CHANGED_PART_READS,
  build: (loaded, changed) => shownTo(changedPartView(loaded, changed), ctx.actor),
});

/** `PUT <P>/part/:id`, answered with the changed part's show form (see `updatePartAnswering`). */
export function updatePart(ctx: Context, ref: PartRef, input: UpdatePartInput, revisionId?: unknown): Promise<PartView> {
  return updatePartAnswering(ctx, changedShowForm(ctx), ref, input, revisionId);
}
