import type { EventSource } from '../events';
import type { Attachment } from '../records';
import { planRemoval } from '../removal';
import type { DeleteStep, WritePlan } from '../write-plan';
import { attachmentRemoved } from './attachment-events';

/** A detach's write, and the step whose rows are the attachment removed. */
export interface DetachPlan {
  readonly plan: WritePlan;
  readonly removed: DeleteStep<'attachment'>;
}

/** Removing `attachment`'s row (read locked) with its event; its bytes are removed after, outside the plan. */
export function planDetach(attachment: Attachment, source: EventSource): DetachPlan {
  return planRemoval('attachment', attachment, attachmentRemoved(source, attachment));
}
