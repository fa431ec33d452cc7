import { CodecError } from './codec-error';
import { isXmlChar } from './xml-chars';

// Only the five predefined entities exist: DTDs are refused, so nothing else can ever be declared.
const PREDEFINED: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
  }),
);

const DECIMAL_REF = /^#[0-9]+$/;
const HEX_REF = /^#x[0-9a-fA-F]+$/;

function decodeReference(ref: string): string {
  const named = PREDEFINED[ref];
  if (named !== undefined) return named;
  let cp = Number.NaN;
  if (DECIMAL_REF.test(ref)) cp = Number.parseInt(ref.slice(1), 10);
  else if (HEX_REF.test(ref)) cp = Number.parseInt(ref.slice(2), 16);
  if (!isXmlChar(cp)) throw new CodecError('malformed', `unknown or invalid reference &${ref.slice(0, 16)};`);
  return String.fromCodePoint(cp);
}

/** Decodes `&amp;`-style and numeric references in one left-to-right pass (so `&amp;lt;` stays `&lt;`). */
export function decodeEntities(raw: string): string {
  let amp = raw.indexOf('&');
  if (amp === -1) return raw;
  let out = '';
  let from = 0;
  while (amp !== -1) {
    const semi = raw.indexOf(';', amp + 1);
    if (semi === -1) throw new CodecError('malformed', 'unterminated reference');
    out += raw.slice(from, amp) + decodeReference(raw.slice(amp + 1, semi));
    from = semi + 1;
    amp = raw.indexOf('&', from);
  }
  return out + raw.slice(from);
}
