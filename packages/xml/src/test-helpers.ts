import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { CodecError, type CodecErrorCode } from './codec-error';
import type { ParamValue } from './params';

export function fixture(name: string): string {
  return readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8');
}

/** Runs `fn` and returns the CodecError code it threw (fails the test if it threw anything else). */
export function codeOf(fn: () => unknown): CodecErrorCode | 'no error' {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CodecError);
    return (error as CodecError).code;
  }
  return 'no error';
}

/** Every object reachable from `value` must have a null prototype. */
export function expectNullPrototypes(value: ParamValue): void {
  if (value === null || typeof value === 'string') return;
  if (Array.isArray(value)) {
    value.forEach(expectNullPrototypes);
    return;
  }
  expect(Object.getPrototypeOf(value)).toBeNull();
  Object.values(value).forEach(expectNullPrototypes);
}

/** A code point XML 1.0 can carry (the Char production). */
const isXmlCodePoint = (cp: number) =>
  cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || cp >= 0x10000;

/** Text as the builder writes it and a reader reads it back: what XML cannot carry becomes U+FFFD. */
export function shownText(text: string): string {
  let out = '';
  // for…of walks code points; a lone surrogate comes out alone, as a code point XML refuses.
  for (const char of text) out += isXmlCodePoint(char.codePointAt(0)!) && !/^[\uD800-\uDFFF]$/.test(char) ? char : '\uFFFD';
  return out;
}

// A lone surrogate, a C0 control other than tab/LF/CR, U+FFFE or U+FFFF: nothing XML can hold.
// eslint-disable-next-line no-control-regex -- the characters XML forbids are the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Params as a parser must give them: null-prototype hashes, every key and text of characters XML carries. */
export function expectXmlParams(value: ParamValue): void {
  expectNullPrototypes(value);
  const expectXmlText = (text: string) => expect(NOT_XML.test(text), JSON.stringify(text)).toBe(false);
  const walk = (v: ParamValue): void => {
    if (typeof v === 'string') expectXmlText(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null) {
      Object.keys(v).forEach(expectXmlText);
      Object.values(v).forEach(walk);
    }
  };
  walk(value);
}
