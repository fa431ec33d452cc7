import { Readable } from 'node:stream';
import { buildElement, buildXml, list, XML_DECLARATION, type XmlNode } from '@pips/xml';
import type { CompiledElement } from '@pips/xml/forms';
import type { AppContext } from './app-state';
import { XML_CONTENT_TYPE } from './reply';
import type { TimeFormat } from './time-format';

/** Writes one list item at a depth, newline-terminated. */
export interface ItemWriter<T> {
  write(item: T, depth: number): string;
}

/**
 * The same bytes `buildXml(root, list(itemName, items))` gives, produced batch by batch: each
 * batch's items are written (by a compiled form, or from the tree `render` builds) and sent as one
 * chunk.
 */
export async function* renderList<T>(
  root: string,
  itemName: string,
  batches: AsyncIterable<readonly T[]>,
  render: ItemWriter<T> | ((item: T) => XmlNode),
): AsyncGenerator<string> {
  const item = typeof render === 'function' ? (value: T) => buildElement(itemName, render(value), 1) : (value: T) => render.write(value, 1);
  let opened = false;
  for await (const batch of batches) {
    let chunk = opened ? '' : `${XML_DECLARATION}<${root} type="array">\n`;
    opened = true;
    for (const value of batch) chunk += item(value);
    yield chunk;
  }
  yield opened ? `</${root}>\n` : buildXml(root, list(itemName, []));
}

/** Streams a plural list root of a form's elements, so a long list keeps memory flat. */
export function sendXmlList<T>(
  ctx: AppContext,
  root: string,
  batches: AsyncIterable<readonly T[]>,
  element: CompiledElement<T, TimeFormat>,
  time: TimeFormat,
): void {
  ctx.status = 200;
  ctx.set('Content-Type', XML_CONTENT_TYPE);
  const items = { write: (item: T, depth: number) => element.write(item, time, depth) };
  ctx.body = Readable.from(renderList(root, element.name, batches, items));
}
