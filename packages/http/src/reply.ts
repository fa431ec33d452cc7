import { buildXml, XML_DECLARATION, type XmlNode } from '@pips/xml';
import type { CompiledElement } from '@pips/xml/forms';
import type { AppContext } from './app-state';
import type { TimeFormat } from './time-format';

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/**
 * A whole XML document; every success is 200, creates included. A representation is a compiled
 * form's element; a tree (error bodies, health) goes through the generic builder.
 */
export function sendXml(ctx: AppContext, root: string, node: XmlNode, status = 200): void {
  ctx.status = status;
  ctx.set('Content-Type', XML_CONTENT_TYPE);
  ctx.body = buildXml(root, node);
}

/** A record in its representation: the same document `sendXml(ctx, element.name, form(value, time))` sends. */
export function sendForm<T>(ctx: AppContext, element: CompiledElement<T, TimeFormat>, value: T, time: TimeFormat): void {
  // The response itself rather than the context's delegates: every show and write answers here.
  const response = ctx.response;
  response.status = 200;
  response.set('Content-Type', XML_CONTENT_TYPE);
  response.body = XML_DECLARATION + element.write(value, time);
}

/** An empty body: a string, not null, so Koa keeps 200 and sends Content-Length: 0 rather than 204. */
export function sendEmpty(ctx: AppContext): void {
  ctx.status = 200;
  ctx.set('Content-Type', XML_CONTENT_TYPE);
  ctx.body = '';
}
