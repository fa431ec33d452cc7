import type { Store } from '@pips/domain';

/**
 * Wakes the event feed's long polls when a transaction of this process commits. Another process's
 * commits (several workers on one PostgreSQL) are seen by the polls' own re-reads at `POLL_MS`
 * (docs/decisions.md, "Events"): the signal only makes this process's events arrive at once.
 */
export interface CommitSignal {
  notify(): void;
  /** How many commits so far: taken before a read, it lets `next` see a commit made during the read. */
  count(): number;
  /**
   * Resolves at the first commit after the `seen`th (at once if there was one), or after `ms`, or
   * when `abort` fires, whichever comes first.
   */
  next(seen: number, ms: number, abort?: AbortSignal): Promise<void>;
}

export function commitSignal(): CommitSignal {
  const waiting = new Set<() => void>();
  let commits = 0;
  return {
    notify() {
      commits += 1;
      for (const wake of [...waiting]) wake();
    },
    count: () => commits,
    next(seen, ms, abort) {
      return new Promise<void>((resolve) => {
        if (commits !== seen || abort?.aborted) {
          resolve();
          return;
        }
        const wake = () => {
          clearTimeout(timer);
          waiting.delete(wake);
          abort?.removeEventListener('abort', wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        waiting.add(wake);
        abort?.addEventListener('abort', wake, { once: true });
      });
    },
  };
}

/** `store`, notifying `signal` after each transaction that commits. */
export function signallingStore(store: Store, signal: CommitSignal): Store {
  return {
    description: store.description,
    async transaction(work) {
      const result = await store.transaction(work);
      signal.notify();
      return result;
    },
    read: (work) => store.read(work),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
