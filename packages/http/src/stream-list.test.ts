import { buildXml, fields, list } from '@pips/xml';
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
});
