import fc from 'fast-check';
import { fields, list, textWithAttributes, type XmlNode } from './xml-node';

/** One character XML 1.0 allows (the Char production), the markup-significant ones often. */
export const xmlChar: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'Z', '0', ' ', '<', '>', '&', '"', "'", ';', '#', ']', '\t', '\n', '\r', '\u0085', '\u2028') },
  { weight: 3, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xd7ff }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xe000, max: 0xfffd }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
);

/** Pieces that look like markup once unescaped. */
const MARKUP_LOOKALIKES = ['&amp;', '&lt;', '&#13;', '&#x0;', ']]>', '<![CDATA[', '<!--', '-->', '<?xml?>', '<!DOCTYPE a>', '\r\n', '  '];

/** Text of characters XML allows, markup look-alikes spliced in. */
export const xmlText: fc.Arbitrary<string> = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.string({ unit: xmlChar, maxLength: 12 }) }, { weight: 1, arbitrary: fc.constantFrom(...MARKUP_LOOKALIKES) }), {
    maxLength: 5,
  })
  .map((pieces) => pieces.join(''));

/** One UTF-16 code unit of any kind, the ones XML cannot carry (controls, U+FFFE/F, surrogates) often. */
const anyUnit: fc.Arbitrary<string> = fc.oneof(
  xmlChar,
  fc.integer({ min: 0, max: 0x1f }).map((unit) => String.fromCharCode(unit)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit)),
  fc.constantFrom('\uFFFE', '\uFFFF', '\uFFFD', '\u007F'),
);

/** Any JS string: lone surrogates, controls and all. */
export const hostileText: fc.Arbitrary<string> = fc.string({ unit: anyUnit, maxLength: 24 });

/** Any string up to `maxLength` code points, from the whole range (fast-check's 'binary' unit is slow to generate). */
export function anyString(maxLength: number): fc.Arbitrary<string> {
  const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));
  return fc.string({ unit: fc.oneof(anyUnit, codePoint), maxLength });
}

/** Element and attribute names the builder accepts, keys that are Object.prototype's included. */
export const outputName: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/) },
  { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'xml', 'xmlns', 'type', 'nil') },
);

/** Attributes of a text node: distinct names, and sometimes the two the reader interprets. */
const attributes = (text: fc.Arbitrary<string>) =>
  fc.uniqueArray(
    fc.tuple(
      fc.oneof(outputName, fc.constantFrom('nil', 'type')),
      fc.oneof(text, fc.constantFrom('true', 'array', 'false', 'TRUE', ' true')),
    ),
    { selector: ([name]) => name, maxLength: 3 },
  );

/** Trees the builder takes: text, null, ordered fields (names may repeat), typed lists, attributed text. */
export function xmlNode(text: fc.Arbitrary<string>, maxDepth = 4): fc.Arbitrary<XmlNode> {
  const { node } = fc.letrec<{ node: XmlNode }>((tie) => ({
    node: fc.oneof(
      { maxDepth, depthSize: 'small' },
      { weight: 3, arbitrary: text },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.tuple(fc.option(text, { nil: null }), attributes(text)).map(([t, a]) => textWithAttributes(t, a)) },
      {
        weight: 2,
        arbitrary: fc
          .array(fc.tuple(fc.oneof(outputName, fc.constantFrom('a', 'b')), tie('node')), { maxLength: 5 })
          .map((entries) => fields(entries)),
      },
      { weight: 2, arbitrary: fc.tuple(outputName, fc.array(tie('node'), { maxLength: 4 })).map(([item, items]) => list(item, items)) },
    ),
  }));
  return node;
}
