// Characters XML 1.0 forbids anywhere in a document (C0 controls except tab, LF, CR; U+FFFE; U+FFFF).
// eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point
const ILLEGAL_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `text` holds a character XML 1.0 forbids: a control above, or a surrogate that is not
 * half of a pair (a string, not a character; it would reach the store as U+FFFD or an error).
 * Most text has no surrogate at all, so the lookaround scan runs only when one is there.
 */
export function hasIllegalXmlChar(text: string): boolean {
  return ILLEGAL_XML_CHAR.test(text) || (SURROGATE.test(text) && LONE_SURROGATE.test(text));
}

/** True when every character of `text` is one XML 1.0 allows: text a document can carry. */
export function isXmlText(text: string): boolean {
  return !hasIllegalXmlChar(text);
}

/** True when a code point is a legal XML 1.0 Char (the target of a character reference). */
export function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}
