import type { Principal } from '@pips/domain';

/** Entries kept at most; the oldest goes first when full. */
const MAX_ENTRIES = 1000;

export type Authenticate = (token: string) => Promise<Principal>;

/** A check that answers at once when it can (a remembered token), else a promise. */
export type QuickAuthenticate = (token: string) => Principal | Promise<Principal>;

/**
 * Remembers successful token checks for `ttlMs`, saving a store read on most requests.
 * Failures are never remembered, so a newly issued token works at once; a revoked or
 * re-permissioned token takes effect within `ttlMs`. `ttlMs` 0 checks every time.
 */
export function cachedAuthenticate(
  check: Authenticate,
  ttlMs: number,
  now: () => number = () => performance.now(),
): QuickAuthenticate {
  if (ttlMs <= 0) return check;
  const entries = new Map<string, { principal: Principal; until: number }>();
  const remember = async (token: string) => {
    const principal = await check(token);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(token, { principal, until: now() + ttlMs });
    return principal;
  };
  return (token) => {
    const hit = entries.get(token);
    if (hit && hit.until > now()) return hit.principal;
    entries.delete(token);
    return remember(token);
  };
}
