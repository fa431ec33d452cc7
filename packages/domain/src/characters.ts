/**
 * True when `text` holds more than `max` characters. A character is a code point, as PostgreSQL
 * counts them for varchar(n): an emoji is one character, though UTF-16 spends two units on it.
 */
export function longerThan(text: string, max: number): boolean {
  // A string never holds more code points than UTF-16 units, so most text is settled here.
  if (text.length <= max) return false;
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}

// What XML 1.0 cannot carry: C0 controls other than tab, LF and CR; U+FFFE; U+FFFF. The codec
// refuses them in a request; the domain refuses them too, so text that reaches it another way (the
// CLI, an import, the harness) is held to the rule an API request is.
// eslint-disable-next-line no-control-regex -- matching the characters a record may not hold is the point
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `text` holds a character no record may hold: one an answer could not write back (a
 * control, U+FFFE/U+FFFF, half a surrogate pair; PostgreSQL refuses a NUL outright). Most text
 * has no surrogate at all, so the lookaround scan runs only when one is there.
 */
export function hasForbiddenCharacter(text: string): boolean {
  return FORBIDDEN.test(text) || (SURROGATE.test(text) && LONE_SURROGATE.test(text));
}
