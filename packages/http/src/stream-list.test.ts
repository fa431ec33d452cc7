import { buildXml, fields, list } from '@pips/xml';
import { compileElement, form, text as textField, verbatim } from '@pips/xml/forms';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import type { AppContext } from './app-state';
import { renderList, sendXmlList } from './stream-list';
import { timeFormat } from './time-format';

async function* batches<T>(...groups: T[][]) {
  for (const group of groups) yield group;
}

async function text(chunks: AsyncIterable<string>) {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

const render = (n: number) => fields([['id', String(n)], ['name', n % 2 ? null : `unit ${n}`]]);

describe('renderList', () => {
  it('writes the same document as building the whole list at once', async () => {
    const streamed = await text(renderList('units', 'unit', batches([1, 2], [3], [4, 5]), render));
    expect(streamed).toBe(buildXml('units', list('unit', [1, 2, 3, 4, 5].map(render))));
  });

  it('writes an empty page the way it writes an empty list, an empty array element', async () => {
    expect(await text(renderList('units', 'unit', batches<number>([]), render))).toBe(buildXml('units', list('unit', [])));
  });

  it('writes an empty list as an empty array element', async () => {
    const streamed = await text(renderList('units', 'unit', batches<number>(), render));
    expect(streamed).toBe(buildXml('units', list('unit', [])));
    expect(streamed).toContain('<units type="array"/>');
  });

  it('writes a compiled form\'s items into the same bytes, one chunk a batch', async () => {
    const unitForm = form<number>([verbatim('id', (n) => String(n), { type: 'integer' }), textField('name', (n) => (n % 2 ? null : `unit ${n} & co`))]);
    const element = compileElement('unit', unitForm);
    const writer = { write: (n: number, depth: number) => element.write(n, undefined, depth) };
    const chunks: string[] = [];
    for await (const chunk of renderList('units', 'unit', batches([1, 2], [3], [4, 5]), writer)) chunks.push(chunk);
    expect(chunks).toHaveLength(4);
    expect(chunks.join('')).toBe(buildXml('units', list('unit', [1, 2, 3, 4, 5].map((n) => unitForm(n)))));
    expect(await text(renderList('units', 'unit', batches<number>(), writer))).toBe(buildXml('units', list('unit', [])));
  });
});

describe('sendXmlList', () => {
  const unitForm = form<number>([verbatim('id', (n) => String(n), { type: 'integer' })]);
  const element = compileElement('unit', unitForm);

  /** Serves `groups` as the list and answers what a client receives: the headers and the body. */
  async function served(...groups: number[][]) {
    const app = new Koa();
    app.use(async (ctx) => sendXmlList(ctx as unknown as AppContext, 'units', batches(...groups), element, timeFormat('UTC')));
    const server = app.listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/`);
      return { length: response.headers.get('content-length'), encoding: response.headers.get('transfer-encoding'), body: await response.text() };
    } finally {
      server.close();
    }
  }

  it('sends a list that ends within its first batch as one document with its length', async () => {
    const whole = buildXml('units', list('unit', [1, 2].map((n) => unitForm(n))));
    expect(await served([1, 2])).toEqual({ length: String(Buffer.byteLength(whole)), encoding: null, body: whole });
    const empty = buildXml('units', list('unit', []));
    expect(await served()).toEqual({ length: String(Buffer.byteLength(empty)), encoding: null, body: empty });
  });

  it('streams a longer list, chunk by chunk, into the same bytes', async () => {
    const whole = buildXml('units', list('unit', [1, 2, 3, 4, 5].map((n) => unitForm(n))));
    expect(await served([1, 2], [3], [4, 5])).toEqual({ length: null, encoding: 'chunked', body: whole });
  });
});
