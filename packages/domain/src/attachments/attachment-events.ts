import { eventStep, stepEvent, type EventSource } from '../events';
import type { Permission } from '../permissions';
import type { Attachment } from '../records';
import type { InsertStep } from '../write-plan';

/** Attachments' events name their owner by type and id: seen by any reader, as the attachments' list is. */
const ATTACHMENT_EVENT_PERMISSION: Permission | null = null;

/** `attachment.added` at `attachment/<id>`: the row's fields (its bytes' key and checksum among them). */
export const attachmentAdded = (source: EventSource, attachment: InsertStep<'attachment'>): InsertStep<'event'> =>
  stepEvent(source, 'attachment.added', 'attachment', attachment, {}, ATTACHMENT_EVENT_PERMISSION);

/** `attachment.removed` at `attachment/<id>`: whose file it was, for a reader that no longer finds it. */
export const attachmentRemoved = (source: EventSource, attachment: Pick<Attachment, 'id' | 'parent_type' | 'parent_id' | 'parent_reference' | 'title' | 'filename'>): InsertStep<'event'> =>
  eventStep(
    source,
    'attachment.removed',
    { collection: 'attachment', id: attachment.id },
    { parent_type: attachment.parent_type, parent_id: attachment.parent_id, parent_reference: attachment.parent_reference, title: attachment.title, filename: attachment.filename },
    ATTACHMENT_EVENT_PERMISSION,
  );
