import { buildXml, fields, list } from '@pips/xml';
import { compileElement, form, text as textField, verbatim } from '@pips/xml/forms';
import { describe, expect, it } from 'vitest';
import { renderList } from './stream-list';

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

  it('writes an empty list as an empty array element', async () => {
    const streamed = await text(renderList('units', 'unit', batches<number>(), render));
    expect(streamed).toBe(buildXml('units', list('unit', [])));
    expect(streamed).toContain('<units type="array"/>');
  });

  it('writes a compiled form\'s items into the same bytes, one chunk a batch', async () => {
    const unitForm = form<number>([verbatim('id', (n) => String(n)), textField('name', (n) => (n % 2 ? null : `unit ${n} & co`))]);
    const element = compileElement('unit', unitForm);
    const writer = { write: (n: number, depth: number) => element.write(n, undefined, depth) };
    const chunks: string[] = [];
    for await (const chunk of renderList('units', 'unit', batches([1, 2], [3], [4, 5]), writer)) chunks.push(chunk);
    expect(chunks).toHaveLength(4);
    expect(chunks.join('')).toBe(buildXml('units', list('unit', [1, 2, 3, 4, 5].map((n) => unitForm(n)))));
    expect(await text(renderList('units', 'unit', batches<number>(), writer))).toBe(buildXml('units', list('unit', [])));
  });
});
