import { describe, expect, it } from 'vitest';
import { buildXml } from './build-xml';
import type { ParamValue } from './params';
import { parseXml } from './parse-xml';
import { fields, list, textWithAttributes, type XmlNode } from './xml-node';

/** What parseXml should give back for a node: fields → hash (repeats → array), list → array, ''/empty → null. */
function expected(node: XmlNode): ParamValue {
  if (node === null || node === '') return null;
  if (typeof node === 'string') return node;
  if (node.kind === 'list') return node.items.map(expected);
  // Attributes other than type and nil are not read back: only the text is.
  if (node.kind === 'text') return node.text === '' ? null : node.text;
  if (node.entries.length === 0) return null;
  const out: Record<string, ParamValue> = {};
  for (const [name, child] of node.entries) {
    const value = expected(child);
    const names = node.entries.filter(([n]) => n === name).length;
    if (names === 1) out[name] = value;
    else ((out[name] as ParamValue[] | undefined) ??= []).push(value);
  }
  return out;
}

const cases: Array<[string, XmlNode]> = [
  ['text', 'plain'],
  ['null', null],
  ['awkward text', `  <tag> & "quotes" 'apos' ]]> \r\n\ttab é 😀 010.50 1e5  `],
  [
    'record',
    fields([
      ['id', '42'],
      ['name', 'A & B <Ltd>'],
      ['email', null],
      ['discount', '010.50'],
    ]),
  ],
  [
    'nested with repeats and lists',
    fields([
      ['name', 'Main'],
      ['inventory_sublocation', fields([['name', 'Shelf A'], ['has_bins', 'true']])],
      ['inventory_sublocation', fields([['name', 'Cage B'], ['has_bins', 'false']])],
      ['revisions', list('revision', [fields([['code', 'A']]), fields([['code', 'B'], ['notes', list('note', [])]])])],
      ['tags', list('tag', ['x', null, 'y'])],
      ['single', list('item', ['only'])],
    ]),
  ],
  [
    'text with attributes',
    fields([
      ['x_mass', textWithAttributes('0.0015', [['value_text', '1.5 g & "more"\n']])],
      ['x_power', textWithAttributes(null, [['value_text', '']])],
    ]),
  ],
  ['root list', list('customer', [fields([['id', '1']]), fields([['id', '2']])])],
  ['empty root list', list('customer', [])],
  ['list of lists', list('row', [list('cell', ['1', '2']), list('cell', [])])],
];

describe('parseXml(buildXml(root, node)) round trip', () => {
  it.each(cases)('%s', (_label, node) => {
    const parsed = parseXml(buildXml('root', node));
    expect(parsed).toEqual({ root: expected(node) });
  });

  it('gives back the exact text of every string, including CR and edge whitespace', () => {
    const text = ' a\r\nb\rc\n ';
    expect(parseXml(buildXml('t', text))).toEqual({ t: text });
  });
});
