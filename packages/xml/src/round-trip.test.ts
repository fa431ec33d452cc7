import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildElement, buildXml, XML_DECLARATION } from './build-xml';
import type { ParamValue, Params } from './params';
import { parseXml } from './parse-xml';
import { propertySettings } from './property-settings';
import { shownText } from './test-helpers';
import { hostileText, outputName, xmlNode, xmlText } from './xml-arbitraries';
import { fields, list, textWithAttributes, type XmlNode } from './xml-node';

function put(target: Params, key: string, value: ParamValue): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * What parseXml gives back for a node: fields → hash (repeated names → array, in first-seen order),
 * list → array, ''/empty → null. Of attributes only the two the reader interprets count:
 * nil="true" is null, type="array" an (empty) array; and those in `keep`, each under `@name` in
 * a hash beside the text under `#text`.
 */
function expected(node: XmlNode, keep: ReadonlySet<string> = new Set()): ParamValue {
  if (node === null || node === '') return null;
  if (typeof node === 'string') return shownText(node);
  if (node.kind === 'list') return node.items.map((item) => expected(item, keep));
  if (node.kind === 'text') {
    const attribute = (name: string) => node.attributes.find(([n]) => n === name)?.[1];
    const nil = attribute('nil');
    const type = attribute('type');
    if (nil !== undefined && shownText(nil) === 'true') return null;
    if (type !== undefined && shownText(type) === 'array') return [];
    const text = node.text === null || node.text === '' ? null : shownText(node.text);
    const kept = node.attributes.filter(([name]) => keep.has(name));
    if (kept.length === 0) return text;
    const out = Object.create(null) as Params;
    for (const [name, value] of kept) put(out, `@${name}`, shownText(value));
    put(out, '#text', text);
    return out;
  }
  if (node.entries.length === 0) return null;
  const out = Object.create(null) as Params;
  for (const [name, child] of node.entries) {
    const value = expected(child, keep);
    const repeated = node.entries.filter(([n]) => n === name).length > 1;
    if (!repeated) put(out, name, value);
    else if (Object.hasOwn(out, name)) (out[name] as ParamValue[]).push(value);
    else put(out, name, [value]);
  }
  return out;
}

/** Equal values, and hash keys in the same order (JSON keeps insertion order, `__proto__` included). */
function expectSameParams(actual: Params, wanted: Params): void {
  expect(actual).toEqual(wanted);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(wanted));
}

const root = (node: XmlNode): Params => {
  const out = Object.create(null) as Params;
  put(out, 'root', expected(node));
  return out;
};

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
    expectSameParams(parseXml(buildXml('root', node)), root(node));
  });

  it('gives back the exact text of every string, including CR and edge whitespace', () => {
    const text = ' a\r\nb\rc\n ';
    expect(parseXml(buildXml('t', text))).toEqual({ t: text });
  });

  it('gives back every generated tree of text XML allows exactly, in order', () => {
    fc.assert(
      fc.property(outputName, xmlNode(xmlText), (name, node) => {
        const wanted = Object.create(null) as Params;
        put(wanted, name, expected(node));
        expectSameParams(parseXml(buildXml(name, node)), wanted);
      }),
      propertySettings(400),
    );
  });

  it('gives back the attributes it is asked to keep, with every generated tree', () => {
    const attributeNames = (node: XmlNode): string[] =>
      node === null || typeof node === 'string'
        ? []
        : node.kind === 'text'
          ? node.attributes.map(([name]) => name)
          : node.kind === 'list'
            ? node.items.flatMap(attributeNames)
            : node.entries.flatMap(([, child]) => attributeNames(child));
    fc.assert(
      fc.property(xmlNode(xmlText), fc.boolean(), (node, everyOther) => {
        // Some of the names the tree uses (`nil` and `type` among them at times), never all at once.
        const keep = new Set(attributeNames(node).filter((_, index) => index % 2 === (everyOther ? 0 : 1)));
        const wanted = Object.create(null) as Params;
        put(wanted, 'root', expected(node, keep));
        expectSameParams(parseXml(buildXml('root', node), undefined, { attributes: [...keep] }), wanted);
      }),
      propertySettings(400),
    );
  });

  it('gives back any text, with what XML cannot carry replaced by U+FFFD', () => {
    fc.assert(
      fc.property(xmlNode(hostileText, 3), (node) => {
        const built = buildXml('root', node);
        expect(shownText(built), 'the builder writes only characters XML allows').toBe(built);
        expectSameParams(parseXml(built), root(node));
      }),
      propertySettings(300),
    );
  });

  it('reads an element streamed at any depth as the same value', () => {
    fc.assert(
      fc.property(xmlNode(xmlText, 3), fc.integer({ min: 0, max: 40 }), (node, depth) => {
        expectSameParams(parseXml(XML_DECLARATION + buildElement('root', node, depth)), root(node));
      }),
      propertySettings(100),
    );
  });
});
