import { buildXml, type XmlNode } from '@pips/xml';
import type { AppContext } from './app-state';

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** A whole XML document; every success is 200, creates included. */
export function sendXml(ctx: AppContext, root: string, node: XmlNode, status = 200): void {
  ctx.status = status;
  ctx.set('Content-Type', XML_CONTENT_TYPE);
  ctx.body = buildXml(root, node);
}

/** An empty body: a string, not null, so Koa keeps 200 and sends Content-Length: 0 rather than 204. */
export function sendEmpty(ctx: AppContext): void {
  ctx.status = 200;
  ctx.set('Content-Type', XML_CONTENT_TYPE);
  ctx.body = '';
}
