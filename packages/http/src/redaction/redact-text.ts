/** What stands in for a token wherever PIPS would otherwise show or log one. */
export const MASK = '[token]';

/** No secrets: what a request has before its token is verified. */
export const NO_SECRETS: readonly string[] = Object.freeze([]);

// `api/v2/` however a client spells it (any case, doubled slashes, another version, inside another
// path): the segment after it is where a token goes. A segment that itself begins such a prefix is
// not the token (`/api/v2/api/v2/T`: T is), so the match moves on to it.
const PREFIX = String.raw`(?<![A-Za-z0-9])api\/+v\d+\/+`;
const AFTER_PREFIX = new RegExp(String.raw`(${PREFIX})(?!api\/+v\d+(?:\/|$))([^/?#\s"'<>]+)`, 'gi');

/**
 * Shorter secrets are masked by position only: by value, a one-letter token would mask every `a` of
 * every message, and a token that short is no secret worth the name. PIPS issues 32 characters.
 */
export const MIN_MASKED_LENGTH = 8;

/** Masks by position (every segment after a prefix) and by value (every secret, wherever it stands). */
function mask(text: string, secrets: readonly string[]): string {
  let masked = text.replace(AFTER_PREFIX, `$1${MASK}`);
  for (const secret of secrets) if (secret.length >= MIN_MASKED_LENGTH) masked = masked.replaceAll(secret, MASK);
  return masked;
}

const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;
const ASCII_ESCAPE = /%[0-7][0-9A-Fa-f]/g;

/** One round of percent-decoding that never fails: a run that is no UTF-8 keeps all but its ASCII escapes. */
function decodeOnce(text: string): string {
  return text.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run.replace(ASCII_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
    }
  });
}

/** Decoded until nothing changes; each round that changes anything shortens the text, so this ends. */
function decodeFully(text: string): string {
  let decoded = text;
  for (let next = decodeOnce(decoded); next !== decoded; next = decodeOnce(decoded)) decoded = next;
  return decoded;
}

/**
 * `text` as a log line or an answer may show it: the segment after every spelling of `api/v2/`
 * and every occurrence of a secret replaced by `[token]`. A token hidden behind percent-encoding
 * (`%61pi/v2/…`, an id encoded twice) is found too: when any decoding of the text would show one,
 * the text is shown decoded, masked. Anything else is left exactly as it was.
 */
export function redactText(text: string, secrets: readonly string[] = NO_SECRETS): string {
  const masked = mask(text, secrets);
  if (!masked.includes('%')) return masked;
  for (let decoded = masked, next = decodeOnce(decoded); next !== decoded; decoded = next, next = decodeOnce(decoded)) {
    if (mask(next, secrets) !== next) return mask(decodeFully(next), secrets);
  }
  return masked;
}

/** Whether `value` is one of `tokens`, or holds one long enough to be masked by value. */
export function holdsToken(value: string, tokens: readonly string[]): boolean {
  return tokens.some((token) => token !== '' && (value === token || (token.length >= MIN_MASKED_LENGTH && value.includes(token))));
}

/**
 * The segments of a path that stand where a token goes (after each spelling of `api/v2/`), decoded:
 * what a request presents as tokens, verified or not.
 */
export function tokenSegments(path: string): string[] {
  return [...decodeFully(path).matchAll(AFTER_PREFIX)].map((match) => match[2]!);
}
