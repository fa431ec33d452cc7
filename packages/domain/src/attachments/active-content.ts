import type { Disposition } from './download-link';
import { mediaTypeEssence } from './media-type';

/**
 * Media types a browser runs or renders as a page of the origin that served them, when it is
 * shown inline: a script in it would act with the API's origin. Each is served as a download
 * (`attachment`) whatever the link asked for.
 * - HTML and XHTML: pages, with scripts.
 * - SVG, and every XML type (`*+xml`, `text/xml`, `application/xml`, XSLT): rendered as documents
 *   that may hold scripts or XHTML, or be styled by an XSLT that does.
 * - JavaScript under each name the HTML standard lists: a page of the origin could load it as a
 *   worker or service worker.
 * - `multipart/x-mixed-replace`: each part is rendered by its own type, an HTML one included.
 */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
  'multipart/x-mixed-replace',
]);

/**
 * Whether a file of this type must never be shown inline: an active type, or anything that is no
 * media type at all (a browser, or Koa, might read `html` or `text/html x` as HTML).
 */
export function isActiveContent(contentType: string): boolean {
  const essence = mediaTypeEssence(contentType);
  return essence === null || ACTIVE_TYPES.has(essence) || essence.endsWith('+xml');
}

/** The disposition a file of `contentType` is served with when `asked` is wanted. */
export const servedDisposition = (contentType: string, asked: Disposition): Disposition =>
  isActiveContent(contentType) ? 'attachment' : asked;
