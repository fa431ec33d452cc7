import { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import { errors, mediaTypeEssence, servedDisposition, type Attachment, type BlobStore, type Clock, type Store } from '@pips/domain';
import { fields } from '@pips/xml';
import type { AppContext, AppMiddleware } from './app-state';
import { DOWNLOAD_PATH } from './attachment-links/link-maker';
import { verifiedGrant, type LinkGrant } from './attachment-links/link-signature';
import { requestedRange } from './byte-range';
import { sendXml } from './reply';

export interface DownloadDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly blobs: BlobStore;
  readonly key: () => Promise<Buffer>;
}

/** Headers every answer about the file carries, the 304 and the 416 included. */
function describeFile(ctx: AppContext, attachment: Attachment, grant: LinkGrant, now: Date): void {
  ctx.set('ETag', `"${attachment.md5}"`);
  ctx.set('Accept-Ranges', 'bytes');
  // The link is the credential: no shared cache keeps the file, and none past the link's life.
  ctx.set('Cache-Control', `private, max-age=${Math.max(0, Math.floor((grant.expires - now.getTime()) / 1000))}`);
  // A link signed before the rule, or by hand, still cannot show active content inline.
  ctx.set('Content-Disposition', contentDisposition(attachment.filename, { type: servedDisposition(attachment.content_type, grant.disposition) }));
}

/**
 * Every answer of the route, a refusal included: the browser takes the type we send and never
 * sniffs another, and whatever it renders is sandboxed (no script, no form, an origin of its own),
 * so no file can act as a page of the API's origin.
 */
function guard(ctx: AppContext): void {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', 'sandbox');
}

/** The type a file is sent as: as attached, or bytes when that is no media type (Koa would read `html` as a file extension). */
const sentType = (contentType: string) => (mediaTypeEssence(contentType) === null ? 'application/octet-stream' : contentType);

const matchesEtag = (header: string | undefined, md5: string) =>
  header !== undefined && header.split(',').some((tag) => ['*', `"${md5}"`, `W/"${md5}"`].includes(tag.trim()));

/**
 * `GET /downloads/attachments/:id?disposition&expires&signature`: the file a signed link names,
 * streamed from the blob store (never held whole), with its type, length, disposition and ETag;
 * one byte range on request (206, or 416). A link that is expired, altered or names nothing is a
 * 403 that says no more than that. Active content (HTML, SVG, XML, JavaScript) is always a download.
 */
export function downloadRoutes(deps: DownloadDeps): AppMiddleware {
  return async (ctx, next) => {
    const match = DOWNLOAD_PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.state.route = '/downloads/attachments/:id';
    guard(ctx);
    const now = deps.clock.now();
    const grant = verifiedGrant(await deps.key(), match[1]!, ctx.query, now);
    const attachment = grant && (await deps.store.read((tx) => tx.repo('attachment').get(grant.id)));
    if (!grant || !attachment) throw errors.badDownloadLink();
    describeFile(ctx, attachment, grant, now);
    if (matchesEtag(ctx.get('If-None-Match') || undefined, attachment.md5)) {
      ctx.status = 304;
      return;
    }
    const size = attachment.file_size;
    const range = requestedRange(ctx.get('Range') || undefined, size);
    if (range === 'unsatisfiable') {
      ctx.set('Content-Range', `bytes */${size}`);
      sendXml(ctx, 'error', fields([['message', `The range asked for lies outside the file's ${size} bytes.`]]), 416);
      return;
    }
    const bytes = await deps.blobs.read(attachment.blob_key, range ?? undefined);
    if (!bytes) throw errors.notFound('Attachment', attachment.id);
    ctx.status = range ? 206 : 200;
    if (range) ctx.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    ctx.type = sentType(attachment.content_type);
    ctx.body = Readable.from(bytes, { objectMode: false });
    ctx.length = range ? range.end - range.start + 1 : size;
  };
}
