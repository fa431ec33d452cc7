import type { BlobInfo } from '../blob-port';
import { insertRow, writePlan, type InsertStep, type WritePlan } from '../write-plan';
import type { AttachInput } from './attach-input';

/** An attach's write, and the step whose row is the attachment. */
export interface AttachPlan {
  readonly plan: WritePlan;
  readonly attachment: InsertStep<'attachment'>;
}

/** What an attach knows when it plans: the owner's path, the owner's last position, who attaches, when. */
export interface AttachFacts {
  readonly reference: string;
  /** The highest position among the owner's attachments; null when it has none. */
  readonly lastPosition: number | null;
  readonly createdBy: string;
  readonly now: Date;
}

/** The row of an attach whose bytes are stored as `blob`: the next position among its owner's, published at once. */
export function planAttach(input: AttachInput, blob: BlobInfo, facts: AttachFacts): AttachPlan {
  const { parent } = input;
  const attachment = insertRow('attachment', {
    parent_type: parent.type,
    parent_id: parent.id,
    parent_reference: facts.reference,
    title: input.title,
    filename: input.filename,
    created_by: facts.createdBy,
    note_type: input.note_type,
    content_type: input.content_type,
    position: (facts.lastPosition ?? 0) + 1,
    published_at: facts.now,
    md5: blob.md5,
    file_size: blob.size,
    blob_key: blob.key,
    created_at: facts.now,
    updated_at: facts.now,
  }, 'attachment');
  return { plan: writePlan([attachment]), attachment };
}
