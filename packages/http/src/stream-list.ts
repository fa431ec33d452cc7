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
    // An empty batch (a page past the end) writes nothing: an empty list is `<root type="array"/>` however it was read.
    if (batch.length === 0) continue;
    let chunk = opened ? '' : `${XML_DECLARATION}<${root} type="array">\n`;
    opened = true;
    for (const value of batch) chunk += item(value);
    yield chunk;
  }
  yield opened ? `</${root}>\n` : buildXml(root, list(itemName, []));
}

/** The batches `iterator` has left, after the ones already taken from it. */
async function* resume<T>(taken: readonly (readonly T[])[], iterator: AsyncIterator<readonly T[]>): AsyncGenerator<readonly T[]> {
  yield* taken;
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
}

/** A list read whole (in one statement) as the one batch `sendXmlList` takes. */
export async function* oneBatch<T>(items: readonly T[]): AsyncGenerator<readonly T[]> {
  yield items;
}

/**
 * Sends a plural list root of a form's elements. A list that ends within its first batch goes as
 * one document with a length (most lists: no stream, no chunked encoding); a longer one streams
 * batch by batch, so memory stays flat however long it is.
 */
export async function sendXmlList<T>(
  ctx: AppContext,
  root: string,
  batches: AsyncIterable<readonly T[]>,
  element: CompiledElement<T, TimeFormat>,
  time: TimeFormat,
): Promise<void> {
  const items = { write: (item: T, depth: number) => element.write(item, time, depth) };
  const iterator = batches[Symbol.asyncIterator]();
  const taken: (readonly T[])[] = [];
  for (let i = 0; i < 2; i++) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
  }
  ctx.status = 200;
  ctx.set('Content-Type', XML_CONTENT_TYPE);
  const chunks = renderList(root, element.name, resume(taken, iterator), items);
  if (taken.length < 2) {
    let whole = '';
    for await (const chunk of chunks) whole += chunk;
    ctx.body = whole;
    return;
  }
  ctx.body = Readable.from(chunks);
}
