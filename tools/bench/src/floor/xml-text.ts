/**
 * Text as PIPS writes it into XML: the same escapes, the same replacement of what XML 1.0 cannot
 * carry, and one element per line, empty (`<x/>`) for null and the empty string.
 */

// Characters needing an escape, plus those XML 1.0 cannot carry (written as U+FFFD), as PIPS escapes them.
const NEEDS_WORK =
  // eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point
  /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

export function escapeText(text: string): string {
  NEEDS_WORK.lastIndex = 0;
  return NEEDS_WORK.test(text) ? text.replace(NEEDS_WORK, (c) => ESCAPES[c] ?? '\uFFFD') : text;
}

export const escapeAttribute = (text: string) => escapeText(text).replace(/[\n\t]/g, (c) => (c === '\n' ? '&#10;' : '&#9;'));

export type Scalar = string | number | boolean | null | undefined;

/** One element on its own line: empty (`<name/>`) for null and the empty string. */
export function el(pad: string, name: string, value: Scalar): string {
  if (value === null || value === undefined || value === '') return `${pad}<${name}/>\n`;
  return `${pad}<${name}>${typeof value === 'string' ? escapeText(value) : String(value)}</${name}>\n`;
}
