import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildXml } from './build-xml';
import { CodecError, type CodecErrorCode } from './codec-error';
import { DEFAULT_LIMITS, type ParseLimits } from './limits';
import type { Params } from './params';
import { parseXml } from './parse-xml';
import { propertySettings } from './property-settings';
import { expectXmlParams } from './test-helpers';
import { anyString, hostileText, outputName, xmlNode, xmlText } from './xml-arbitraries';
import type { XmlNode } from './xml-node';

/** Parses, failing the test on anything thrown but the codec's own error. */
function outcome(text: string, limits?: ParseLimits): { params: Params } | { code: CodecErrorCode } {
  try {
    return { params: parseXml(text, limits) };
  } catch (error) {
    if (!(error instanceof CodecError)) throw new Error(`parseXml threw ${String(error)} for ${JSON.stringify(text.slice(0, 200))}`);
    return { code: error.code };
  }
}

function expectRefusedOrRead(text: string): void {
  const result = outcome(text);
  if ('params' in result) expectXmlParams(result.params);
}

/** Pieces of markup, broken and whole, that documents are cut from or spliced with. */
const MARKUP = [
  '<', '>', '/', '</', '/>', '<a>', '</a>', '<a/>', '<b x="1">', '</b>', '&', ';', '&amp;', '&lt;', '&#', '&#x', '&#0;', '&#x1F600;',
  '&#xD800;', '&#65;', '&nbsp;', '&e;', '"', "'", '=', ' ', '\n', '\r', '\t', '<!--', '-->', '--', '<![CDATA[', ']]>', '<?', '?>',
  '<?xml version="1.0"?>', '<!DOCTYPE a>', '<!doctype a [<!ENTITY e "x">]>', '<!ENTITY e "e">', '<!ELEMENT a ANY>', 'nil="true"',
  'type="array"', '\uFEFF', '\u0000', '\u0001', '\uFFFE', '\uFFFF', '\uD800', '\uDC00', '\uD83D\uDE00', 'é', 'x', '1',
];
const markup = fc.constantFrom(...MARKUP);

/** A document with random edits: pieces inserted, deleted, or cut off at any place. */
const editedDocument = fc
  .tuple(
    outputName,
    xmlNode(xmlText, 3),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.array(markup, { maxLength: 3 })), { minLength: 1, maxLength: 4 }),
  )
  .map(([name, node, edits]) => {
    let doc = buildXml(name, node);
    for (const [at, remove, insert] of edits) {
      const place = at % (doc.length + 1);
      doc = doc.slice(0, place) + insert.join('') + doc.slice(place + remove);
    }
    return doc;
  });

const bytes = fc.uint8Array({ maxLength: 200 });

describe('parseXml on any input', () => {
  it('reads or refuses any string with its typed error, never anything XML cannot hold', () => {
    fc.assert(fc.property(anyString(200), hostileText, (a, b) => {
      expectRefusedOrRead(a);
      expectRefusedOrRead(`<a>${b}</a>`);
      expectRefusedOrRead(`<a b="${b}">1</a>`);
    }), propertySettings(300));
  });

  it('reads or refuses any bytes, decoded either way', () => {
    fc.assert(fc.property(bytes, (raw) => {
      expectRefusedOrRead(Buffer.from(raw).toString('latin1'));
      expectRefusedOrRead(new TextDecoder().decode(raw));
    }), propertySettings(200));
  });

  it('reads or refuses markup soup', () => {
    fc.assert(fc.property(fc.array(markup, { maxLength: 40 }), (pieces) => expectRefusedOrRead(pieces.join(''))), propertySettings(500));
  });

  it('reads or refuses documents with random edits', () => {
    fc.assert(fc.property(editedDocument, expectRefusedOrRead), propertySettings(500));
  });
});

/** The code the parser must give, from a walk of the tree in document order; null when within every limit. */
function firstBreach(name: string, node: XmlNode, limits: Required<ParseLimits>): CodecErrorCode | null {
  let elements = 0;
  // Start tags in document order, as the tokenizer meets them: [depth, node].
  const pending: Array<[number, XmlNode]> = [[1, node]];
  while (pending.length > 0) {
    const [depth, current] = pending.pop()!;
    if (depth > limits.maxDepth) return 'too_deep';
    if (++elements > limits.maxElements) return 'too_many_elements';
    if (current === null || typeof current === 'string' || current.kind === 'text') continue;
    const children = current.kind === 'list' ? current.items : current.entries.map(([, child]) => child);
    for (let i = children.length - 1; i >= 0; i--) pending.push([depth + 1, children[i]!]);
  }
  return null;
}

describe('parseXml limits', () => {
  it('reads a document within every limit and refuses one past any with the limit\'s code', () => {
    const limits = fc.record({
      maxDepth: fc.integer({ min: 1, max: 7 }),
      maxElements: fc.integer({ min: 1, max: 40 }),
      slack: fc.integer({ min: -4, max: 4 }),
    });
    fc.assert(
      fc.property(outputName, xmlNode(xmlText, 5), limits, (name, node, { maxDepth, maxElements, slack }) => {
        const doc = buildXml(name, node);
        const maxBytes = Buffer.byteLength(doc) + slack;
        const result = outcome(doc, { maxDepth, maxElements, maxBytes });
        const breach = slack < 0 ? 'too_large' : firstBreach(name, node, { maxDepth, maxElements, maxBytes });
        if (breach === null) expect(result).toHaveProperty('params');
        else expect(result).toEqual({ code: breach });
      }),
      propertySettings(400),
    );
  });

  /** As many copies of `unit` as fit in `bytes`, and beside the root in the element limit. */
  const fill = (unit: string, bytes: number, elements = 0) =>
    unit.repeat(Math.min(Math.floor(bytes / Math.max(1, Buffer.byteLength(unit))), elements ? Math.floor((DEFAULT_LIMITS.maxElements - 1) / elements) : Infinity));

  /** Documents as large as the default limits allow, each of one shape, made of generated text. */
  const atTheLimits: Array<[string, (text: string) => string]> = [
    ['the most elements', () => `<r>${'<i/>'.repeat(DEFAULT_LIMITS.maxElements - 1)}</r>`],
    ['the deepest nesting, many times over', () => `<r>${fill(`${'<a>'.repeat(DEFAULT_LIMITS.maxDepth - 1)}x${'</a>'.repeat(DEFAULT_LIMITS.maxDepth - 1)}`, 1_000_000, DEFAULT_LIMITS.maxDepth - 1)}</r>`],
    ['the most text', (text) => `<r>${fill(text, DEFAULT_LIMITS.maxBytes - 7)}</r>`],
    ['references throughout', (text) => `<r>${fill(`&amp;&#x1F600;${text}&lt;`, 1_000_000)}</r>`],
    ['many attributes', () => `<r${Array.from({ length: 40_000 }, (_, i) => ` a${i}="&quot;${i}"`).join('')}/>`],
    ['comments, instructions and CDATA', (text) => `<r>${fill(`<!--${text}--><?pi ${text}?><![CDATA[${text}]]>`, 1_000_000)}</r>`],
    ['a long name', () => `<${'n'.repeat(500_000)}>1</${'n'.repeat(500_000)}>`],
    ['a typed array of records', (text) => `<r type="array">${fill(`<i><a>${text}</a><b nil="true"/><c type="array"><d>1</d></c></i>`, 1_000_000, 5)}</r>`],
  ];

  it.each(atTheLimits)('reads a document of %s, as large as the limits allow', (_shape, make) => {
    // Text that needs no escaping and is never blank, so each shape stays the shape it names.
    const text = xmlText.map((t) => t.replace(/[<>&\]\r-]/g, '').trim() || 'x');
    fc.assert(
      fc.property(text, (t) => {
        const doc = make(t);
        expect(Buffer.byteLength(doc)).toBeLessThanOrEqual(DEFAULT_LIMITS.maxBytes);
        expect(outcome(doc)).toHaveProperty('params');
      }),
      propertySettings(2),
    );
  });
});
