import { createHmac } from 'node:crypto';
import { webhookKey } from '@pips/domain';

/**
 * The `webhook-signature` header of Standard Webhooks (standardwebhooks.com): `v1,` and the
 * base64 HMAC-SHA256, keyed by the secret's bytes, of `id.timestamp.body`. Signing the timestamp
 * lets a subscriber refuse a replayed delivery; signing the id, one moved to another event.
 */
export function signDelivery(secret: string, id: string, timestamp: number, body: string): string {
  const key = webhookKey(secret);
  if (key === null) throw new Error('A webhook secret that is not one was stored');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
