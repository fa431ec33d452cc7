import { describe, expect, it } from 'vitest';
import { escapeAttribute, escapeText } from './escape-text';

// The rules as first written: one exact scan decides, the same pattern replaces.
// eslint-disable-next-line no-control-regex -- the characters XML forbids are the point
const EXACT = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const REPLACEMENTS: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };
function reference(text: string): string {
  EXACT.lastIndex = 0;
  return EXACT.test(text) ? text.replace(EXACT, (char) => REPLACEMENTS[char] ?? '\uFFFD') : text;
}

/** The texts escapeText writes otherwise than the exact rules, with both results. */
const differing = (texts: string[]) =>
  texts.filter((text) => escapeText(text) !== reference(text)).map((text) => [text, escapeText(text), reference(text)]);

describe('escapeText', () => {
  it('escapes every UTF-16 code unit as the exact rules do, alone and amid text', () => {
    const texts = Array.from({ length: 0x10000 }, (_, unit) => String.fromCharCode(unit));
    expect(differing([...texts, ...texts.map((char) => `ab${char}cd`)])).toEqual([]);
  });

  it('escapes every sequence of three of the units that matter as the exact rules do', () => {
    const units = [
      0x00, 0x08, 0x09, 0x0a, 0x0b, 0x0d, 0x1f, 0x20, 0x22, 0x26, 0x3c, 0x3e, 0x61, 0xe9, 0xd7ff, 0xd800, 0xdbff,
      0xdc00, 0xdfff, 0xe000, 0xfffd, 0xfffe, 0xffff,
    ].map((unit) => String.fromCharCode(unit));
    expect(differing(units.flatMap((a) => units.flatMap((b) => units.map((c) => a + b + c))))).toEqual([]);
  });

  it('keeps surrogate pairs and plain text as they are', () => {
    expect(escapeText('😀 plain é')).toBe('😀 plain é');
    expect(escapeText('\uD83D\uDE00\uD83D')).toBe('\uD83D\uDE00\uFFFD');
    expect(escapeAttribute('a\tb\n"')).toBe('a&#9;b&#10;&quot;');
  });
});
