import { int, isoTimestamp, nullableIsoTimestamp, nullableText, record, text } from '../codec/decoders';
import type { Attachment, AttachmentLink } from '../types/attachments';

export const attachment = record<Attachment>({
  id: int,
  created_by: nullableText,
  title: text,
  note_type: nullableText,
  content_type: text,
  position: int,
  published_at: nullableIsoTimestamp,
  md5: text,
  file_size: int,
  parent_reference: text,
});

export const attachmentLink = record<AttachmentLink>({ uri: text, created_at: isoTimestamp, expires_at: isoTimestamp });
