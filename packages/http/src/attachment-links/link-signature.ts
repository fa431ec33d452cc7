import { createHmac, timingSafeEqual } from 'node:crypto';
import { dispositions, LINK_LIFETIME_MS, type Disposition } from '@pips/domain';

/** What a download link grants: one attachment, shown one way, until an instant (milliseconds). */
export interface LinkGrant {
  readonly id: number;
  readonly disposition: Disposition;
  readonly expires: number;
}

const SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * How far a link's expiry may lie beyond a fresh link's: the clocks of the processes that sign and
 * check it may differ by this much. Past it the link cannot be one we made, however it is signed.
 */
export const LINK_CLOCK_ALLOWANCE_MS = 60_000;

/** HMAC-SHA256 over everything the link grants, so changing any of it breaks the signature. */
export function signGrant(key: Buffer, grant: LinkGrant): string {
  return createHmac('sha256', key).update(`${grant.id}\n${grant.disposition}\n${grant.expires}`).digest('hex');
}

/** The query a link carries, and where it leads. */
export const grantQuery = (grant: LinkGrant, signature: string): string =>
  new URLSearchParams({ disposition: grant.disposition, expires: String(grant.expires), signature }).toString();

/**
 * The grant a link's path id and query carry when its signature is ours and it has not expired at
 * `now`, nor expires later than a link made at `now` would (a link lives `LINK_LIFETIME_MS`):
 * a key that leaked cannot sign a link that outlives the next few minutes. Null otherwise,
 * whatever the reason, so a refusal says nothing of what was wrong.
 */
export function verifiedGrant(key: Buffer, id: string, query: Readonly<Record<string, unknown>>, now: Date): LinkGrant | null {
  const { disposition, expires, signature } = query;
  if (!/^[1-9]\d{0,9}$/.test(id) || typeof disposition !== 'string' || typeof expires !== 'string' || typeof signature !== 'string') return null;
  if (!(dispositions as readonly string[]).includes(disposition) || !/^\d{1,15}$/.test(expires) || !SIGNATURE.test(signature)) return null;
  const grant: LinkGrant = { id: Number(id), disposition: disposition as Disposition, expires: Number(expires) };
  const expected = Buffer.from(signGrant(key, grant), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return null;
  const left = grant.expires - now.getTime();
  return left > 0 && left <= LINK_LIFETIME_MS + LINK_CLOCK_ALLOWANCE_MS ? grant : null;
}
