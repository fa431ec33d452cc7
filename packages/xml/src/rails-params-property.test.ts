import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, type CodecErrorCode } from './codec-error';
import type { ParseLimits } from './limits';
import { newParams, setParam, type ParamValue, type Params } from './params';
import { propertySettings } from './property-settings';
import { parseRailsParams } from './rails-params';
import { expectNullPrototypes, expectXmlParams } from './test-helpers';
import { anyString } from './xml-arbitraries';

/** Parses, failing the test on anything thrown but the codec's own error. */
function outcome(query: string, limits?: ParseLimits): { params: Params } | { code: CodecErrorCode } {
  try {
    return { params: parseRailsParams(query, limits) };
  } catch (error) {
    if (!(error instanceof CodecError)) throw new Error(`parseRailsParams threw ${String(error)} for ${JSON.stringify(query.slice(0, 200))}`);
    return { code: error.code };
  }
}

/** Text of characters XML carries (what parameters may hold), as code points, markup and brackets often. */
const char = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'b', '0', ' ', '+', '%', '&', '=', '[', ']', '#', '?', '/', ';', '\t', '\n', '\r', 'é', '😀') },
  { weight: 2, arbitrary: fc.integer({ min: 0x20, max: 0xd7ff }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 1, arbitrary: fc.integer({ min: 0xe000, max: 0xfffd }).map((cp) => String.fromCodePoint(cp)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
);
const text = fc.string({ unit: char, maxLength: 10 });
const special = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'page');

/** Rack reads a name's head up to the first '[' after its first character. */
const headKey = fc.oneof(special, fc.string({ unit: char, minLength: 1, maxLength: 8 })).filter((key) => key.indexOf('[', 1) === -1);
/** A bracketed key is never empty (that is `[]`, an array) and holds no ']'. */
const innerKey = fc.oneof(special, fc.string({ unit: char, minLength: 1, maxLength: 8 })).filter((key) => !key.includes(']'));

const scalar = fc.option(text, { nil: null, freq: 5 });

/**
 * Params a query string can carry: hashes and arrays are never empty (they would have no pair);
 * arrays hold scalars or hashes, never arrays; the hashes of an array all begin with one scalar
 * key, which is how Rack knows where the next begins (`a[][x]=1&a[][y]=2&a[][x]=3`).
 */
function hashOf(depth: number): fc.Arbitrary<Params> {
  const value: fc.Arbitrary<ParamValue> =
    depth <= 0
      ? scalar
      : fc.oneof(
          { weight: 4, arbitrary: scalar },
          { weight: 1, arbitrary: hashOf(depth - 1) },
          { weight: 1, arbitrary: fc.array(scalar, { minLength: 1, maxLength: 3 }) },
          { weight: 1, arbitrary: arrayOfHashes(depth - 1) },
        );
  return fc.uniqueArray(fc.tuple(innerKey, value), { selector: ([key]) => key, minLength: 1, maxLength: 4 }).map(toParams);
}

function arrayOfHashes(depth: number): fc.Arbitrary<Params[]> {
  return fc
    .tuple(innerKey, fc.array(fc.tuple(scalar, hashOf(depth)), { minLength: 1, maxLength: 3 }))
    .map(([first, items]) => items.map(([lead, rest]) => toParams([[first, lead], ...Object.entries(rest).filter(([key]) => key !== first)])));
}

function toParams(entries: ReadonlyArray<readonly [string, ParamValue]>): Params {
  const out = newParams();
  for (const [key, value] of entries) setParam(out, key, value);
  return out;
}

const anyParams = fc
  .uniqueArray(fc.tuple(headKey, fc.oneof({ weight: 3, arbitrary: scalar }, hashOf(2), fc.array(scalar, { minLength: 1, maxLength: 3 }), arrayOfHashes(1))), {
    selector: ([key]) => key,
    maxLength: 5,
  })
  .map(toParams);

/** How a client may spell the same pairs: spaces as '+' or %20, brackets bare or escaped, stray '&'s. */
const spelling = fc.record({ plus: fc.boolean(), bareBrackets: fc.boolean(), strayAmpersands: fc.boolean() });
type Spelling = { plus: boolean; bareBrackets: boolean; strayAmpersands: boolean };

function component(raw: string, how: Spelling): string {
  let out = encodeURIComponent(raw);
  if (how.plus) out = out.replace(/%20/g, '+');
  return out;
}

const isScalar = (value: ParamValue | undefined) => value === null || typeof value === 'string';
const isHash = (value: ParamValue | undefined): value is Params => !isScalar(value) && value !== undefined && !Array.isArray(value);

/**
 * The pairs of `params`, in order: a name (decoded) and its value (null: a name without '=').
 * A hash after another in an array leads with a scalar key the one before has, so it starts anew:
 * JS lists integer-like keys first, whatever order they were added in.
 */
function pairs(name: string, value: ParamValue, out: Array<[string, string | null]>): void {
  if (isScalar(value)) out.push([name, value as string | null]);
  else if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const before = value[i - 1];
      if (!isHash(item) || !isHash(before)) return pairs(`${name}[]`, item, out);
      const lead = Object.keys(item).find((key) => isScalar(item[key]) && Object.hasOwn(before, key));
      const keys = Object.keys(item).sort((a, b) => Number(b === lead) - Number(a === lead));
      for (const key of keys) pairs(`${name}[][${key}]`, item[key]!, out);
    });
  } else for (const [key, child] of Object.entries(value as Params)) pairs(`${name}[${key}]`, child, out);
}

/** A query string for `params`, written as a Rails client would. */
function encode(params: Params, how: Spelling): string {
  const all: Array<[string, string | null]> = [];
  for (const [key, value] of Object.entries(params)) pairs(key, value, all);
  const written = all.map(([name, value]) => {
    let key = component(name, how);
    if (how.bareBrackets) key = key.replace(/%5B/g, '[').replace(/%5D/g, ']');
    return value === null ? key : `${key}=${component(value, how)}`;
  });
  return how.strayAmpersands ? `&${written.join('&&')}&` : written.join('&');
}

/** Equal values, and hash keys in the same order (JSON keeps insertion order, `__proto__` included). */
function expectSameParams(actual: Params, wanted: Params): void {
  expect(actual).toEqual(wanted);
  expect(JSON.stringify(actual)).toBe(JSON.stringify(wanted));
}

describe('parseRailsParams(encode(params)) round trip', () => {
  it('gives back every nested hash and array of strings a client can send, in order', () => {
    fc.assert(
      fc.property(anyParams, spelling, (params, how) => {
        const parsed = outcome(encode(params, how));
        expect(parsed).toHaveProperty('params');
        if ('params' in parsed) expectSameParams(parsed.params, params);
      }),
      propertySettings(500),
    );
  });

  it('builds only null-prototype hashes and never touches Object.prototype', () => {
    fc.assert(
      fc.property(anyParams, spelling, (params, how) => {
        const parsed = parseRailsParams(encode(params, how));
        expectNullPrototypes(parsed);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
      }),
      propertySettings(200),
    );
  });
});

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

/** Pieces of query strings, broken and whole. */
const PIECES = [
  'a', 'b', '__proto__', 'constructor', 'prototype', '[', ']', '[]', '[a]', '[__proto__]', '=', '&', '+', '%', '%2', '%5B', '%5D', '%5b',
  '%zz', '%00', '%0A', '%FF', '%C3%A9', '%E0%A4%A', '%ED%A0%80', '%F0%9F%98%80', '%EF%BF%BF', '\uD800', '\u0000', 'é', ' ', ';', '#',
];

describe('parseRailsParams on any input', () => {
  const expectParamsOrRefusal = (query: string) => {
    const result = outcome(query);
    if ('params' in result) expectXmlParams(result.params);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_NAMES);
  };

  it('reads or refuses any string with its typed error', () => {
    fc.assert(fc.property(anyString(200), expectParamsOrRefusal), propertySettings(200));
  });

  it('reads or refuses any soup of brackets, escapes and separators', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }), (pieces) => expectParamsOrRefusal(pieces.join(''))), propertySettings(500));
  });

  it('reads or refuses a valid query string with random edits', () => {
    const edit = fc.tuple(fc.nat(), fc.nat({ max: 4 }), fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }));
    fc.assert(
      fc.property(anyParams, spelling, fc.array(edit, { minLength: 1, maxLength: 3 }), (params, how, edits) => {
        let query = encode(params, how);
        for (const [at, remove, insert] of edits) {
          const place = at % (query.length + 1);
          query = query.slice(0, place) + insert.join('') + query.slice(place + remove);
        }
        expectParamsOrRefusal(query);
      }),
      propertySettings(400),
    );
  });
});

describe('parseRailsParams limits', () => {
  /** Segments of a name as Rack splits it: the head, then one per bracket pair (`a[b][]` is three). */
  const segments = (name: string) => {
    const open = name.indexOf('[', 1);
    return open === -1 ? 1 : 1 + (name.slice(open).match(/\[[^\]]*\]/g)?.length ?? 0);
  };
  const shapeOf = (params: Params) => {
    const all: Array<[string, string | null]> = [];
    for (const [key, value] of Object.entries(params)) pairs(key, value, all);
    return { pairs: all.length, depth: Math.max(...all.map(([name]) => segments(name))) };
  };

  it('reads params within every limit and refuses them past any with the limit\'s code', () => {
    const slack = fc.record({ depth: fc.integer({ min: -2, max: 1 }), pairs: fc.integer({ min: -2, max: 1 }), bytes: fc.integer({ min: -3, max: 3 }) });
    fc.assert(
      fc.property(anyParams.filter((p) => Object.keys(p).length > 0), spelling, slack, (params, how, s) => {
        const query = encode(params, how);
        const shape = shapeOf(params);
        const limits = { maxDepth: Math.max(1, shape.depth + s.depth), maxElements: Math.max(1, shape.pairs + s.pairs), maxBytes: Math.max(0, query.length + s.bytes) };
        const breach =
          query.length > limits.maxBytes ? 'too_large' : shape.pairs > limits.maxElements ? 'too_many_elements' : shape.depth > limits.maxDepth ? 'too_deep' : null;
        const result = outcome(query, limits);
        if (breach === null) expect(result).toHaveProperty('params');
        else expect(result).toEqual({ code: breach });
      }),
      propertySettings(400),
    );
  });

  it('reads a query string as large as the default limits allow', () => {
    fc.assert(
      fc.property(fc.string({ unit: char, minLength: 1, maxLength: 6 }), (value) => {
        const pair = `k[a][b][]=${encodeURIComponent(value)}`;
        const count = Math.min(20_000, Math.floor(1_048_576 / (pair.length + 1)));
        const parsed = outcome(Array.from({ length: count }, () => pair).join('&'));
        expect(parsed).toHaveProperty('params');
        if ('params' in parsed) expect(((parsed.params.k as Params).a as Params).b).toHaveLength(count);
        const deep = outcome(`k${'[x]'.repeat(31)}=${encodeURIComponent(value)}`);
        expect(deep).toHaveProperty('params');
      }),
      propertySettings(3),
    );
  });
});
