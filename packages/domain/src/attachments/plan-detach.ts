import { deleteRows, writePlan, type DeleteStep, type WritePlan } from '../write-plan';

/** A detach's write, and the step whose rows are the attachment removed (none when there was none). */
export interface DetachPlan {
  readonly plan: WritePlan;
  readonly removed: DeleteStep<'attachment'>;
}

/** Removing the attachment `id`'s row; its bytes are removed after, outside the plan. */
export function planDetach(id: number): DetachPlan {
  const removed = deleteRows('attachment', { id });
  return { plan: writePlan([removed]), removed };
}
