import { fields, list, textWithAttributes, type ParamValue, type Params, type XmlNode } from '@pips/xml';
import fc from 'fast-check';
import type { Vocabulary } from './vocabulary';

// The parts requests are made of: field values, resource bodies, bracket parameters.

/** Values a field may be given: seeded ids, words the API reads, numbers and dates of every kind, any text. */
export function valueArbitrary(words: Vocabulary): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...words.ids) },
    { weight: 2, arbitrary: fc.constantFrom(...words.words) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '0', '1', '-1', '2', '10', '0.5', '-0', '00012', ' 7 ', '7.', '.5', '1,5', '1e3', '1e-11', '1e9000000000000000', '0x1F',
        '2147483647', '2147483648', '99999999999999999999999', '0.00000000001', '123456789012345678901.5', 'NaN', 'Infinity', '١٢',
        '50', '1000', '1001',
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'TRUE', 'yes', 'nil', 'null', '') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '2025-01-01', '2025-01-01T00:00:00+00:00', '2016-01-24 20:11:47 -0800', '2025-13-45', '0000-00-00', '0000-01-01', '0001-01-01',
        '9999-12-31', '9999-12-31T23:59:59Z', '9999-12-31T23:59:59-12:00', '0000-01-01T00:00:00Z', '275760-09-13',
      ),
    },
    { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(256), '😀'.repeat(256), ' '.repeat(300), '<b>&amp;</b>', ']]>') },
  );
}

/** A resource body: named fields holding values, hashes, typed arrays, empty and nil elements. */
export function nodeArbitrary(words: Vocabulary): fc.Arbitrary<XmlNode> {
  const name = fc.constantFrom(...words.fields);
  const value = valueArbitrary(words);
  const { node } = fc.letrec<{ node: XmlNode }>((tie) => ({
    node: fc.oneof(
      { maxDepth: 3, depthSize: 'small' },
      { weight: 5, arbitrary: value },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: value.map((text) => textWithAttributes(text, [['nil', 'true']])) },
      { weight: 2, arbitrary: fc.array(fc.tuple(name, tie('node')), { maxLength: 6 }).map(fields) },
      { weight: 1, arbitrary: fc.tuple(name, fc.array(tie('node'), { maxLength: 3 })).map(([item, items]) => list(item, items)) },
    ),
  }));
  return fc.array(fc.tuple(name, node), { maxLength: 8 }).map(fields);
}

/** A parsed value as a tree to build again: hashes as fields, arrays as typed lists of singular items. */
function nodeOf(name: string, value: ParamValue): XmlNode {
  if (value === null || typeof value === 'string') return value;
  if (Array.isArray(value)) return list(name.endsWith('s') ? name.slice(0, -1) : 'item', value.map((item) => nodeOf('item', item)));
  return fields(Object.entries(value).map(([key, child]) => [key, nodeOf(key, child)] as const));
}

/**
 * A record the API showed, as a body, with a few edits: a field varied (text with a random tail,
 * so a name is new), changed to a random value, emptied, made nil or left out, or a random field
 * added; at times every text varied at once. Such bodies are often nearly valid, so they reach the
 * rules a random one never passes.
 */
function recordArbitrary(record: Params, words: Vocabulary): fc.Arbitrary<XmlNode> {
  const entries = Object.entries(record);
  const value = valueArbitrary(words);
  const edit = fc.tuple(fc.nat(Math.max(0, entries.length - 1)), fc.nat(5), value, fc.constantFrom(...words.fields));
  return fc.tuple(fc.array(edit, { maxLength: 3 }), fc.boolean(), fc.string({ minLength: 1, maxLength: 4 })).map(([edits, fresh, tail]) => {
    const vary = (field: ParamValue) => typeof field === 'string' && fresh && !/^(-?[\d.]+|true|false|\d{4}-.*)$/.test(field);
    const body: Array<[string, XmlNode] | null> = entries.map(([name, field]) => [name, vary(field) ? `${field} ${tail}` : nodeOf(name, field)]);
    for (const [at, how, random, extra] of edits) {
      const [name, node] = body[at] ?? [extra, null];
      if (how === 0) body[at] = [name, typeof node === 'string' ? `${node}${random}` : random];
      else if (how === 1) body[at] = [name, random];
      else if (how === 2) body[at] = [name, null];
      else if (how === 3) body[at] = [name, textWithAttributes(random, [['nil', 'true']])];
      else if (how === 4) body[at] = null;
      else body.push([extra, random]);
    }
    return fields(body.filter((entry): entry is [string, XmlNode] => entry !== null));
  });
}

/** A body for `root`: one the API showed or took, varied, or else random fields. */
export function bodyNode(root: string, words: Vocabulary, random: fc.Arbitrary<XmlNode>): fc.Arbitrary<XmlNode> {
  const records = words.records.get(root) ?? [];
  if (records.length === 0) return random;
  const varied = fc.oneof(...records.map((record) => recordArbitrary(record, words)));
  return fc.oneof({ weight: 3, arbitrary: varied }, { weight: 2, arbitrary: random });
}

/** The pairs a Rails form sends for `node` under `root` (`root[a]=1`, `root[l][][b]=2`), encoded. */
export function formOf(root: string, node: XmlNode): string[] {
  if (node === null || typeof node === 'string') return [`${encodeURIComponent(root)}=${encodeURIComponent(node ?? '')}`];
  if (node.kind === 'text') return formOf(root, node.text);
  if (node.kind === 'list') return node.items.flatMap((item) => formOf(`${root}[]`, item));
  return node.entries.flatMap(([name, child]) => formOf(`${root}[${name}]`, child));
}

const FORM_PIECES = ['[', ']', '[]', '=', '&', '%', '%zz', '%00', '%5B', '%5D', '%FF', '%C3%A9', '+', '__proto__', 'a', '[a]', '[0]'];

/** `name=value` pairs with Rails bracket keys: the root's fields, nested, listed, bare, and broken. */
export function pairsArbitrary(roots: readonly string[], words: Vocabulary, extraNames: readonly string[] = []): fc.Arbitrary<string> {
  const field = fc.constantFrom(...words.fields);
  const root = fc.constantFrom(...roots);
  const key = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(root, field).map(([r, f]) => `${r}[${f}]`) },
    { weight: 1, arbitrary: fc.tuple(root, field, field).map(([r, f, g]) => `${r}[${f}][${g}]`) },
    { weight: 1, arbitrary: fc.tuple(root, field, field).map(([r, f, g]) => `${r}[${f}][][${g}]`) },
    { weight: 1, arbitrary: fc.tuple(root, field).map(([r, f]) => `${r}[${f}][]`) },
    // A name the API reads as text, at times given a list or a hash instead.
    {
      weight: 2,
      arbitrary: fc
        .tuple(extraNames.length > 0 ? fc.constantFrom(...extraNames) : field, fc.nat(5), field)
        .map(([name, how, inner]) => (how === 0 ? `${name}[]` : how === 1 ? `${name}[${inner}]` : name)),
    },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...FORM_PIECES), { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join('')) },
  );
  const encoded = (text: string, raw: boolean) => (raw ? text : encodeURIComponent(text));
  const pair = fc
    .tuple(key, fc.option(valueArbitrary(words), { freq: 6 }), fc.boolean())
    .map(([k, v, raw]) => (v === null ? encoded(k, raw && !/[&=%]/.test(k)) : `${encoded(k, raw && !/[&=%]/.test(k))}=${encodeURIComponent(v)}`));
  return fc.array(pair, { maxLength: 8 }).map((pairs) => pairs.join('&'));
}

/**
 * Query strings: a few of `names` (the parameters the API reads), often sharing one value (so a
 * range gets the same day at both ends), or every one of them at once, each given text, a list
 * (`name[]=`) or a hash (`name[x]=`) where text is read; or any bracket pairs.
 */
export function queryArbitrary(roots: readonly string[], words: Vocabulary, names: readonly string[]): fc.Arbitrary<string> {
  const value = valueArbitrary(words);
  const shape = fc.oneof({ weight: 4, arbitrary: fc.constant('text') }, fc.constant('list'), fc.constant('hash'));
  const param = (name: string, given: string, as: string, inner: string) => {
    const key = as === 'list' ? `${name}[]` : as === 'hash' ? `${name}[${inner}]` : name;
    return `${encodeURIComponent(key)}=${encodeURIComponent(given)}`;
  };
  const inner = fc.constantFrom(...words.fields);
  const some = fc
    .tuple(fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }), value, fc.boolean(), fc.array(fc.tuple(value, shape, inner), { minLength: 4, maxLength: 4 }))
    .map(([chosen, shared, same, own]) => chosen.map((name, i) => param(name, same ? shared : own[i]![0], own[i]![1], own[i]![2])).join('&'));
  const all = fc
    .array(fc.tuple(value, shape, inner), { minLength: names.length, maxLength: names.length })
    .map((given) => names.map((name, i) => param(name, given[i]![0], given[i]![1], given[i]![2])).join('&'));
  return fc.oneof({ weight: 3, arbitrary: some }, { weight: 1, arbitrary: all }, { weight: 2, arbitrary: pairsArbitrary(roots, words, names) });
}
