import type { Clock } from '@pips/domain';

export const HARNESS_EPOCH = new Date('2025-01-01T00:00:00Z');

/** A clock tests can predict: each `now()` returns the current instant, then moves on one second. */
export interface HarnessClock extends Clock {
  /** The instant the next `now()` returns, without moving the clock. */
  peek(): Date;
  set(at: Date): void;
  /** Back to HARNESS_EPOCH. */
  reset(): void;
}

export function createHarnessClock(start: Date = HARNESS_EPOCH): HarnessClock {
  let current = start.getTime();
  return {
    now() {
      const at = new Date(current);
      current += 1000;
      return at;
    },
    peek: () => new Date(current),
    set(at) {
      current = at.getTime();
    },
    reset() {
      current = start.getTime();
    },
  };
}
