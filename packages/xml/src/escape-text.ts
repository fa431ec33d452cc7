// Characters needing an escape, plus those XML 1.0 cannot carry at all (replaced by U+FFFD):
// C0 controls other than tab/LF/CR, U+FFFE/U+FFFF and unpaired surrogates.
const NEEDS_WORK =
  // eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point
  /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function replacement(char: string): string {
  switch (char) {
    case '&':
      return '&amp;';
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '"':
      return '&quot;';
    case '\r':
      return '&#13;'; // a literal CR would be normalised to LF by the reader
    default:
      return '\uFFFD';
  }
}

/**
 * Every character NEEDS_WORK can match, any surrogate included: a scan without lookaround, about
 * twice as fast, so text with none of them (nearly all text) skips NEEDS_WORK altogether.
 */
// eslint-disable-next-line no-control-regex -- as above
const MAY_NEED_WORK = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Escapes element text; the common no-op case costs one regex scan. */
export function escapeText(text: string): string {
  // A well-formed surrogate pair passes the first test and matches nothing in the replace.
  return MAY_NEED_WORK.test(text) ? text.replace(NEEDS_WORK, replacement) : text;
}

const ATTRIBUTE_WHITESPACE = /[\n\t]/g;

/**
 * Escapes an attribute value (written between double quotes). A reader normalises a literal
 * newline or tab in an attribute to a space, so they are written as character references.
 */
export function escapeAttribute(value: string): string {
  return escapeText(value).replace(ATTRIBUTE_WHITESPACE, (char) => (char === '\n' ? '&#10;' : '&#9;'));
}
