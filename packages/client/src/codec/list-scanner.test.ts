import { describe, expect, it } from 'vitest';
import { listScanner, ListFormatError } from './list-scanner';

const doc = `<?xml version="1.0" encoding="UTF-8"?>
<parts type="array">
  <part>
    <id>1</id>
    <name>a &lt;b&gt; "c" &amp; d</name>
    <revision>
      <x_mass value_text="1 > 0">1.0</x_mass>
      <empty/>
    </revision>
  </part>
  <!-- a comment -->
  <part/>
  <part>
    <note><![CDATA[</part> is text here]]></note>
  </part>
</parts>
`;

const items = ['<part>\n    <id>1</id>', '<part/>', '<part>\n    <note><![CDATA['];

/** Feeds `text` in pieces of `size` characters and gathers the items. */
function scan(text: string, size: number, maxItemChars = 10_000): string[] {
  const scanner = listScanner('parts', maxItemChars);
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(...scanner.feed(text.slice(at, at + size)));
  scanner.end();
  return out;
}

describe('listScanner', () => {
  it.each([1, 2, 3, 7, 64, doc.length])('cuts the items out whatever the pieces (%i characters each)', (size) => {
    const found = scan(doc, size);
    expect(found).toHaveLength(3);
    found.forEach((item, n) => expect(item.startsWith(items[n]!)).toBe(true));
    expect(found[0]).toMatch(/<\/revision>\n {2}<\/part>$/);
    expect(found[2]).toBe('<part>\n    <note><![CDATA[</part> is text here]]></note>\n  </part>');
  });

  it('reads an empty list, written either way', () => {
    expect(scan('<parts type="array"/>\n', 5)).toEqual([]);
    expect(scan('<?xml version="1.0"?>\n<parts type="array">\n</parts>', 4)).toEqual([]);
  });

  it.each([
    ['a list that ends early', '<parts type="array"><part><id>1</id></part>', /ended early/],
    ['another root', '<vendors type="array"></vendors>', /expected <parts>/],
    ['text between items', '<parts type="array">oops<part/></parts>', /text outside/],
    ['markup after the list', '<parts type="array"/><parts/>', /after the end/],
    ['a DOCTYPE', '<!DOCTYPE parts><parts type="array"/>', /DOCTYPE/],
    ['a closing tag of another name', '<parts type="array"></units>', /closes <parts>/],
  ])('refuses %s', (_, text, message) => {
    expect(() => scan(text, 3)).toThrow(ListFormatError);
    expect(() => scan(text, 3)).toThrow(message);
  });

  it('refuses an item longer than the limit before it has all arrived, holding no more than that', () => {
    const scanner = listScanner('parts', 100);
    scanner.feed('<parts type="array"><part><name>');
    expect(() => scanner.feed('x'.repeat(200))).toThrow(/longer than 100 characters/);
  });
});
