import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { AppContext, AppMiddleware } from '../app-state';
import type { ApiRoute } from '../route-table';
import { docsAssets, type DocsAssets } from './docs-assets';
import { DOCS_INIT } from './docs-init';
import { DOCS_CSP, docsPage } from './docs-page';
import { openapiDocument } from './openapi-document';

interface Served {
  readonly body: string;
  readonly type: string;
  readonly etag: string;
}

const tag = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
const served = (body: string, type: string): Served => ({ body, type, etag: tag(body) });

/**
 * The description's JSON around its server's URL, which is spliced in per request: the document
 * is built once, and a request costs one concatenation and one hash of the URL.
 */
function describedAround(routes: readonly ApiRoute[]): (serverUrl: string) => Served {
  const marker = '\u0000server\u0000';
  const text = JSON.stringify(openapiDocument(routes, marker));
  const at = text.indexOf(JSON.stringify(marker));
  if (at < 0) throw new Error('the description names no server to fill in');
  const [head, tail] = [text.slice(0, at), text.slice(at + JSON.stringify(marker).length)];
  const base = tag(text);
  return (serverUrl) => {
    const url = JSON.stringify(serverUrl);
    return { body: `${head}${url}${tail}`, type: 'application/json; charset=utf-8', etag: tag(`${base}${url}`) };
  };
}

/** Where the request came to (`http://127.0.0.1:3000`); `/`, this server, when the Host header makes no URL. */
function requestOrigin(ctx: AppContext): string {
  const origin = `${ctx.protocol}://${ctx.host}`;
  return URL.canParse(origin) ? new URL(origin).origin : '/';
}

/** A document from memory, revalidated by its ETag: it changes only with the server. */
function sendServed(ctx: AppContext, document: Served): void {
  ctx.set('ETag', document.etag);
  ctx.set('Cache-Control', 'no-cache');
  if (ctx.get('If-None-Match') === document.etag) {
    ctx.status = 304;
    return;
  }
  ctx.type = document.type;
  ctx.body = document.body;
}

const ASSET = /^\/docs\/assets\/([^/]+)\/([^/]+)$/;

/** A file of the renderer, streamed; its path names the version, so it may be kept for a year. */
async function sendAsset(ctx: AppContext, assets: DocsAssets, version: string, name: string): Promise<boolean> {
  const file = version === assets.version ? assets.file(name) : null;
  if (!file) return false;
  const { size } = await stat(file.path);
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.type = file.type;
  ctx.length = size;
  ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file.path);
  return true;
}

/**
 * `GET /openapi.json` (the API's OpenAPI 3.1 description) and `GET /docs` (a page to read it),
 * outside the token prefix. Mounted after the API, so no API request passes here; the document
 * and the page are built on their first request and then served from memory. The document's
 * server is `publicUrl` (PUBLIC_URL), else the origin the request came to. Each answer is counted
 * under a fixed route label; a path under `/docs` that names nothing stays `unmatched`.
 */
export function docsRoutes(routes: readonly ApiRoute[], publicUrl?: string): AppMiddleware {
  let description: ((serverUrl: string) => Served) | undefined;
  let page: Served | undefined;
  let assets: DocsAssets | undefined;
  const init = served(DOCS_INIT, 'text/javascript; charset=utf-8');
  const server = publicUrl?.replace(/\/+$/, '');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const path = ctx.path.toLowerCase();
    if (path === '/openapi.json') {
      description ??= describedAround(routes);
      ctx.state.route = '/openapi.json';
      return sendServed(ctx, description(server ?? requestOrigin(ctx)));
    }
    if (!path.startsWith('/docs')) return next();
    assets ??= docsAssets();
    ctx.set('Content-Security-Policy', DOCS_CSP);
    if (path === '/docs') {
      page ??= served(docsPage(assets.version), 'text/html; charset=utf-8');
      ctx.state.route = '/docs';
      return sendServed(ctx, page);
    }
    if (path === '/docs/init.js') {
      ctx.state.route = '/docs/init.js';
      return sendServed(ctx, init);
    }
    const asset = ASSET.exec(ctx.path);
    if (asset && (await sendAsset(ctx, assets, asset[1]!, asset[2]!))) {
      ctx.state.route = '/docs/assets/:version/:file';
      return;
    }
    return next();
  };
}
