// XML 1.0 (5th ed.) Name production; used to read tag and attribute names strictly.
const NAME_START =
  ':A-Z_a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C\\u200D' +
  '\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F\\u2040`;

/** Sticky: match a Name exactly at `lastIndex`. */
// eslint-disable-next-line no-misleading-character-class -- the spec's ranges include combining marks and ZWJ on purpose
export const XML_NAME_AT = new RegExp(`[${NAME_START}][${NAME_CHAR}]*`, 'uy');

// Output names are ours (programmer constants), so a conservative ASCII subset is enough and catches typos.
const SAFE_OUTPUT_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

export function assertOutputName(name: string): void {
  if (!SAFE_OUTPUT_NAME.test(name)) throw new Error(`invalid XML element name: ${JSON.stringify(name)}`);
}
