/** How long a cluster's primary waits before replacing a worker that died. */
export interface RestartBackoff {
  /** The delay for a worker that died at `now` (ms since the epoch). */
  next(now: number): number;
}

export interface BackoffSettings {
  /** The first replacement after a calm spell waits this long. */
  firstMs: number;
  /** Each death soon after the last doubles the wait, up to this. */
  maxMs: number;
  /** A death this long after the last starts again from `firstMs`. */
  calmMs: number;
}

export const RESTART_BACKOFF: BackoffSettings = { firstMs: 100, maxMs: 30_000, calmMs: 60_000 };

/**
 * A worker that crashes now and then is replaced at once; one that crashes on every start (a
 * bug, a database gone) is retried ever more slowly, so the loop does not spin.
 */
export function restartBackoff(settings: BackoffSettings = RESTART_BACKOFF): RestartBackoff {
  let streak = 0;
  let last = -Infinity;
  return {
    next(now) {
      if (now - last >= settings.calmMs) streak = 0;
      streak++;
      last = now;
      return Math.min(settings.maxMs, settings.firstMs * 2 ** (streak - 1));
    },
  };
}
