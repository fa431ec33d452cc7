import type { Context } from '../context';
import { errors, messages } from '../errors';
import { shownParam } from '../fields';
import type { Attachment } from '../records';
import { servedDisposition } from './active-content';
import { showAttachment } from './read-attachments';

/** SPEC 8: a download link lasts 10 minutes from its creation. */
export const LINK_LIFETIME_MS = 10 * 60_000;

export const dispositions = ['inline', 'attachment'] as const;
export type Disposition = (typeof dispositions)[number];

/** What a download link says: which file, how the browser should treat it, and its window. */
export interface DownloadLink {
  readonly attachment: Attachment;
  readonly disposition: Disposition;
  readonly created_at: Date;
  readonly expires_at: Date;
}

/** `content_disposition`: `inline` when absent or blank (SPEC 4.9), `attachment`, else a 400 naming it. */
export function parseDisposition(raw: unknown): Disposition {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return 'inline';
  const text = typeof raw === 'string' ? raw.trim() : shownParam(raw);
  if ((dispositions as readonly string[]).includes(text)) return text as Disposition;
  throw errors.badRequest(messages.badDisposition(text));
}

/**
 * SPEC 4.9 `GET <P>/attachments/:id/download_uri`: the attachment and the window of a link to it
 * (now, and 10 minutes on). The transport signs it; the domain decides what it covers: a file a
 * browser would run as a page of the API's origin is granted as a download only, whatever was
 * asked, so the link says what its answer will be. `asked` is the query's, by `parseDisposition`.
 */
export async function downloadLink(ctx: Context, id: number, asked: Disposition): Promise<DownloadLink> {
  const attachment = await showAttachment(ctx, id);
  const created_at = ctx.clock.now();
  const disposition = servedDisposition(attachment.content_type, asked);
  return { attachment, disposition, created_at, expires_at: new Date(created_at.getTime() + LINK_LIFETIME_MS) };
}
