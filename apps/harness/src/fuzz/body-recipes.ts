import { buildXml, type XmlNode } from '@pips/xml';
import fc from 'fast-check';
import { bodyNode, formOf, nodeArbitrary, pairsArbitrary } from './request-values';
import type { Vocabulary } from './vocabulary';

/**
 * How to make a request body: small to print when a run fails, turned into bytes only when sent
 * (an oversized body is a size, not a megabyte in the report).
 */
export type BodyRecipe =
  | { readonly kind: 'xml'; readonly type: string | null; readonly root: string; readonly node: XmlNode; readonly declaration: boolean }
  | { readonly kind: 'edited xml'; readonly type: string | null; readonly root: string; readonly node: XmlNode; readonly edits: ReadonlyArray<readonly [number, number, string]> }
  | { readonly kind: 'form'; readonly type: string | null; readonly pairs: string }
  | { readonly kind: 'form of'; readonly type: string | null; readonly root: string; readonly node: XmlNode }
  | { readonly kind: 'text'; readonly type: string | null; readonly text: string }
  | { readonly kind: 'bytes'; readonly type: string | null; readonly bytes: readonly number[] }
  | { readonly kind: 'nested'; readonly type: string | null; readonly root: string; readonly depth: number }
  | { readonly kind: 'many'; readonly type: string | null; readonly root: string; readonly count: number }
  | { readonly kind: 'large'; readonly type: string | null; readonly root: string; readonly bytes: number; readonly chunked: boolean };

export interface Body {
  readonly type: string | null;
  readonly bytes: Uint8Array;
  readonly chunked: boolean;
}

const utf8 = new TextEncoder();

/** The bytes a recipe stands for. */
export function bodyOf(recipe: BodyRecipe): Body {
  const text = (value: string, chunked = false): Body => ({ type: recipe.type, bytes: utf8.encode(value), chunked });
  switch (recipe.kind) {
    case 'xml': {
      const xml = buildXml(recipe.root, recipe.node);
      return text(recipe.declaration ? xml : xml.slice(xml.indexOf('\n') + 1));
    }
    case 'edited xml': {
      let xml = buildXml(recipe.root, recipe.node);
      for (const [at, remove, insert] of recipe.edits) {
        const place = at % (xml.length + 1);
        xml = xml.slice(0, place) + insert + xml.slice(place + remove);
      }
      return text(xml);
    }
    case 'form':
      return text(recipe.pairs);
    case 'form of':
      return text(formOf(recipe.root, recipe.node).join('&'));
    case 'text':
      return text(recipe.text);
    case 'bytes':
      return { type: recipe.type, bytes: Uint8Array.from(recipe.bytes), chunked: false };
    case 'nested':
      return text(`<${recipe.root}>${'<a>'.repeat(recipe.depth)}1${'</a>'.repeat(recipe.depth)}</${recipe.root}>`);
    case 'many':
      return text(`<${recipe.root}>${'<name>x</name>'.repeat(recipe.count)}</${recipe.root}>`);
    case 'large': {
      const open = `<${recipe.root}><name>`;
      const close = `</name></${recipe.root}>`;
      return text(open + 'x'.repeat(Math.max(0, recipe.bytes - open.length - close.length)) + close, recipe.chunked);
    }
  }
}

/** Pieces of markup and encodings, broken and whole. */
const MARKUP = [
  '<', '>', '</', '/>', '&', '&amp;', '&#0;', '&#xD800;', '&nbsp;', '"', '<!--', '<![CDATA[x]]>', '<?pi?>', '<!DOCTYPE a>',
  '<!ENTITY e "x">', '\u0000', '\uFFFE', '\uFEFF', 'nil="true"', ' type="array"', '<x>', '</x>', 'é',
];
const XML_TYPES = ['application/xml', 'text/xml', 'application/xml; charset=UTF-8', 'application/atom+xml', 'Application/XML'];
const FORM_TYPES = ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=utf-8'];
const OTHER_TYPES = ['application/json', 'multipart/form-data; boundary=x', 'text/plain', 'application/octet-stream', 'text/html; charset=latin1', '', 'garbage'];

/** A content type, mostly the one the body is, sometimes none (then sniffed) or another. */
const typeFor = (usual: readonly string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...usual) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...XML_TYPES, ...FORM_TYPES, ...OTHER_TYPES) },
  );

/**
 * Every kind of body: XML around a root (whole, edited, deep, wide, large), forms, other media
 * types, bytes, none. The root is mostly one the route may read, at times any field or one of
 * `names` (query parameters, which a body may give as well).
 */
export function bodyArbitrary(roots: readonly string[], words: Vocabulary, names: readonly string[]): fc.Arbitrary<BodyRecipe | null> {
  const root = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...roots) },
    { weight: 1, arbitrary: fc.constantFrom(...words.fields) },
    { weight: 1, arbitrary: fc.constantFrom(...names.filter((name) => /^[A-Za-z_][\w.-]*$/.test(name))) },
  );
  const random = nodeArbitrary(words);
  /** A root and a body for it. */
  const rooted = root.chain((name) => bodyNode(name, words, random).map((node) => ({ root: name, node })));
  const xmlType = typeFor(XML_TYPES);
  const formType = typeFor(FORM_TYPES);
  const edit = fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.constantFrom(...MARKUP));
  const recipe: fc.Arbitrary<BodyRecipe> = fc.oneof(
    { weight: 8, arbitrary: fc.tuple(rooted, xmlType, fc.boolean()).map(([body, type, declaration]) => ({ kind: 'xml' as const, type, ...body, declaration })) },
    { weight: 3, arbitrary: fc.tuple(rooted, xmlType, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([body, type, edits]) => ({ kind: 'edited xml' as const, type, ...body, edits })) },
    { weight: 3, arbitrary: fc.tuple(rooted, formType).map(([body, type]) => ({ kind: 'form of' as const, type, ...body })) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('form' as const), type: formType, pairs: pairsArbitrary(roots, words, names) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('text' as const), type: typeFor(OTHER_TYPES), text: fc.oneof(fc.json(), fc.string({ maxLength: 40 }), fc.constantFrom('', ' \n\t', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--')) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('bytes' as const), type: xmlType, bytes: fc.array(fc.nat({ max: 255 }), { maxLength: 48 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('nested' as const), type: xmlType, root, depth: fc.integer({ min: 28, max: 300 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('many' as const), type: xmlType, root, count: fc.integer({ min: 19_990, max: 25_000 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('large' as const), type: xmlType, root, bytes: fc.integer({ min: 1_040_000, max: 1_600_000 }), chunked: fc.boolean() }) },
  );
  return fc.option(recipe, { freq: 8 });
}
