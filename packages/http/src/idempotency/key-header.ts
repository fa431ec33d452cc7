import { errors } from '@pips/domain';

/** The longest key taken, in characters (Stripe's limit too). */
export const MAX_KEY_LENGTH = 255;

// Visible ASCII: what a key is made of, quoted or bare.
const KEY = /^[\x21-\x7e]+$/;
// The draft's form (RFC 8941 sf-string): quoted, with `\"` and `\\` the only escapes.
const QUOTED = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/**
 * The key an `Idempotency-Key` header holds: a quoted string, as the IETF draft "The
 * Idempotency-Key HTTP Header Field" writes it (`"8e03978e-…"`), or the bare value most
 * clients send (`8e03978e-…`); both name the same key. 1 to 255 visible ASCII characters;
 * anything else (empty, longer, a space or another character, a header sent twice) is a 400.
 */
export function parseKeyHeader(header: string | readonly string[]): string {
  const value = typeof header === 'string' ? header : undefined;
  // A value that opens a quote is the quoted form, and must be one.
  const quoted = value?.startsWith('"') ? QUOTED.exec(value) : undefined;
  const key = quoted === undefined ? value : quoted?.[1]!.replace(/\\(["\\])/g, '$1');
  if (key === undefined || key.length > MAX_KEY_LENGTH || !KEY.test(key)) throw errors.badIdempotencyKey(MAX_KEY_LENGTH);
  return key;
}
