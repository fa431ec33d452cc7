/** Characters XML 1.0 forbids anywhere in a document (C0 controls except tab, LF, CR; U+FFFE; U+FFFF). */
// eslint-disable-next-line no-control-regex -- matching the characters XML forbids is the point
export const ILLEGAL_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

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
