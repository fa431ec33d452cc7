// Web Crypto is a language global in every supported runtime; the domain imports no I/O module.

/**
 * Signing secrets have the Standard Webhooks form (standardwebhooks.com): `whsec_` and the base64
 * of the key's bytes, 24 to 64 of them, so a subscriber's Standard Webhooks library verifies
 * PIPS's signatures with the secret as given.
 */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;

/** The key bytes a secret stands for; null when it is not one. */
export function webhookKey(secret: string): Uint8Array | null {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return null;
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return null;
  const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  return bytes.length >= MIN_KEY_BYTES && bytes.length <= MAX_KEY_BYTES ? bytes : null;
}

export const isWebhookSecret = (secret: string): boolean => webhookKey(secret) !== null;

/** A new secret: 32 random bytes. */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return WEBHOOK_SECRET_PREFIX + btoa(String.fromCharCode(...bytes));
}
