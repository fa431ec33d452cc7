import type { CustomAttributes, ValueTexts } from '../types/scalars';

/**
 * Decoders from what `parseXml` reads (text, null for an empty element, hashes, arrays) to the
 * typed results. Each checks what it is given and names the field it failed on, so an answer
 * that is not what the operation promises is an error rather than a wrong value.
 */
export type Decoder<T> = (value: unknown, at: string) => T;

/** A decoder for each field of `T`, the compiler checking that each reads that field's type. */
export type Shape<T> = { readonly [K in keyof T]-?: Decoder<T[K]> };

/** An answer that does not read as its representation. */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';
  constructor(at: string, expected: string, got: unknown) {
    super(`${at}: expected ${expected}, got ${describe(got)}`);
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty element';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return Array.isArray(value) ? 'a list' : 'elements';
}

/** Text matching `pattern`; an empty element is null when `nullable`, else refused. */
function scalar<T>(expected: string, pattern: RegExp, read: (text: string, at: string) => T) {
  const required: Decoder<T> = (value, at) => {
    if (typeof value !== 'string' || !pattern.test(value)) throw new DecodeError(at, expected, value);
    return read(value, at);
  };
  const nullable: Decoder<T | null> = (value, at) => (value === null ? null : required(value, at));
  return [required, nullable] as const;
}

const INTEGER = /^-?\d{1,16}$/;
/** Plain decimal notation (PIPS writes at least one fractional digit: `10.0`). */
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** A float as Ruby writes one (`4700.0`, `1.0e-07`): the part's `value`. */
const FLOAT = /^-?\d+\.\d+(e[-+]?\d+)?$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([-+]\d\d:\d\d|Z)$/;
const SPACED = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [-+]\d{4}$/;
const ANY = /^/s;

export const [int, nullableInt] = scalar('an integer', INTEGER, (text, at) => {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new DecodeError(at, 'a safe integer', text);
  return value;
});
export const [decimal, nullableDecimal] = scalar('a decimal', DECIMAL, (text) => text);
export const [float, nullableFloat] = scalar('a number', FLOAT, (text) => text);
export const [bool, nullableBool] = scalar('true or false', /^(true|false)$/, (text) => text === 'true');
export const [isoTimestamp, nullableIsoTimestamp] = scalar('an ISO 8601 timestamp', ISO, (text) => text);
export const [spaceTimestamp, nullableSpaceTimestamp] = scalar('a YYYY-MM-DD HH:MM:SS +HHMM timestamp', SPACED, (text) => text);
export const [, nullableText] = scalar('text', ANY, (text) => text);

/**
 * Text a record always has. The wire writes an empty string and a null alike, as an empty
 * element; for a field that cannot be null that can only be the empty string.
 */
export const text: Decoder<string> = (value, at) => nullableText(value, at) ?? '';

/** One of a fixed set of words (an order's status): anything else is not what the operation promises. */
export const oneOf =
  <const W extends readonly string[]>(words: W): Decoder<W[number]> =>
  (value, at) => {
    if (typeof value !== 'string' || !words.includes(value)) throw new DecodeError(at, `one of ${words.join(', ')}`, value);
    return value;
  };

/** `value` exactly, as a fixed element (`<label/>` is always empty). */
export const always =
  <T>(fixed: T): Decoder<T> =>
  (value, at) => {
    if (value !== null) throw new DecodeError(at, 'an empty element', value);
    return fixed;
  };

/** A field only some records carry (`x_outsourced`): undefined when absent. */
export const optional =
  <T>(decode: Decoder<T>): Decoder<T | undefined> =>
  (value, at) =>
    value === undefined ? undefined : decode(value, at);

/** A nested element that is empty when there is nothing to show (a part without manufacturer). */
export const nullable =
  <T>(decode: Decoder<T>): Decoder<T | null> =>
  (value, at) =>
    value === null ? null : decode(value, at);

const isHash = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A `type="array"` list (always read as an array); its items named `at[0]`, `at[1]`, … in errors. */
export const list =
  <T>(item: Decoder<T>): Decoder<T[]> =>
  (value, at) => {
    if (!Array.isArray(value)) throw new DecodeError(at, 'a list', value);
    return value.map((entry, index) => item(entry, `${at}[${index}]`));
  };

/** Repeated elements without a wrapper (a location's `inventory_sublocation`): none, one or many. */
export const repeated =
  <T>(item: Decoder<T>): Decoder<T[]> =>
  (value, at) =>
    value === undefined ? [] : list(item)(Array.isArray(value) ? value : [value], at);

/** An element of named fields, each read by its decoder; fields the shape does not name are ignored. */
export function record<T>(shape: Shape<T>): Decoder<T> {
  const entries = Object.entries(shape) as Array<[string, Decoder<unknown>]>;
  return (value, at) => {
    if (!isHash(value)) throw new DecodeError(at, 'elements', value);
    const out: Record<string, unknown> = {};
    for (const [name, decode] of entries) {
      const decoded = decode(value[name], `${at}.${name}`);
      if (decoded !== undefined) out[name] = decoded;
    }
    return out as T;
  };
}

/** What `withCustomAttributes` adds to a record: its `x_` fields, and what was written for the numeric ones. */
export type WithCustomAttributes<T> = T & CustomAttributes & { readonly value_texts: ValueTexts };

/**
 * A record that also keeps every `x_` field it carries, as text (a revision's custom attributes),
 * and in `value_texts` the `value_text` attribute of those that carry one (`x_mass`, `x_power`:
 * the transport keeps that attribute, so such a field reads as `{ '@value_text', '#text' }`).
 */
export function withCustomAttributes<T>(decode: Decoder<T>): Decoder<WithCustomAttributes<T>> {
  return (value, at) => {
    const out = decode(value, at) as Record<string, unknown>;
    const valueTexts: Record<string, string> = {};
    for (const [name, raw] of Object.entries(value as Record<string, unknown>)) {
      if (!name.startsWith('x_') || name in out) continue;
      if (!isHash(raw)) {
        out[name] = nullableText(raw, `${at}.${name}`);
        continue;
      }
      const written = raw['@value_text'];
      if (typeof written !== 'string') throw new DecodeError(`${at}.${name}`, 'text', raw);
      out[name] = nullableText(raw['#text'], `${at}.${name}`);
      valueTexts[name] = written;
    }
    out.value_texts = valueTexts;
    return out as WithCustomAttributes<T>;
  };
}
