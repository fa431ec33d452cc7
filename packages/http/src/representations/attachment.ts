import { form, text, verbatim } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { wire } from './values';

/** SPEC 2.17: an attachment in a list, shown alone and inside a part all have the same fields. */
export { attachmentInPartForm as attachmentForm } from './part-groups';

/** SPEC 2.18. */
export interface AttachmentLinkView {
  readonly uri: string;
  readonly created_at: Date;
  readonly expires_at: Date;
}

/** SPEC 2.18: the signed URI and its window, TS-ISO. */
export const attachmentLinkForm = form<AttachmentLinkView, TimeFormat>([
  // Escaped: its query joins with `&`, and its origin is the request's Host when PUBLIC_URL is unset.
  text('uri', (link) => link.uri),
  verbatim('created_at', (link, time) => time.iso(link.created_at), wire.isoTime),
  verbatim('expires_at', (link, time) => time.iso(link.expires_at), wire.isoTime),
]);
