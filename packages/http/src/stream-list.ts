import { Readable } from 'node:stream';
import { buildElement, buildXml, list, XML_DECLARATION, type XmlNode } from '@pips/xml';
import type { AppContext } from './app-state';
import { XML_CONTENT_TYPE } from './reply';

/** The same bytes `buildXml(root, list(itemName, items))` gives, produced batch by batch. */
export async function* renderList<T>(
  root: string,
  itemName: string,
  batches: AsyncIterable<readonly T[]>,
  render: (item: T) => XmlNode,
): AsyncGenerator<string> {
  let opened = false;
  for await (const batch of batches) {
    let chunk = opened ? '' : `${XML_DECLARATION}<${root} type="array">\n`;
    opened = true;
    for (const item of batch) chunk += buildElement(itemName, render(item), 1);
    yield chunk;
  }
  yield opened ? `</${root}>\n` : buildXml(root, list(itemName, []));
}

/** Streams a plural list root, so a long list keeps memory flat. */
export function sendXmlList<T>(
  ctx: AppContext,
  root: string,
  itemName: string,
  batches: AsyncIterable<readonly T[]>,
  render: (item: T) => XmlNode,
): void {
  ctx.status = 200;
  ctx.set('Content-Type', XML_CONTENT_TYPE);
  ctx.body = Readable.from(renderList(root, itemName, batches, render));
}
