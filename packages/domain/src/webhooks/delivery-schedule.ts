/**
 * When a failed delivery is tried again (docs/decisions.md, "Webhooks"): 1 s after the first
 * failure, doubling to at most an hour; a subscriber failing for a day is marked failing and
 * left until it is resumed. No jitter: one process at a time delivers to a subscriber.
 */
export const FIRST_RETRY_MS = 1000;
export const MAX_RETRY_MS = 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long a process holds a subscriber it delivers to without renewing it (each delivery renews it). */
export const LEASE_MS = 30_000;

/** The wait after the `attempts`th failure in a row (1, 2, …). */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(Math.max(attempts - 1, 0), 32));
}
