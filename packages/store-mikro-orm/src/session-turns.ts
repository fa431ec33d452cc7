/**
 * Turns on a single database session whose requests are answered in the order they are posted
 * (the embedded database's thread). Shared work (a read's statement) is posted at once, so the
 * session always has work queued; exclusive work (a transaction) has the session to itself: what
 * arrives while it holds the session waits, and goes in arrival order when it ends. Shared work
 * posted before an exclusive turn began runs before it, by the session's own order.
 */
export interface SessionTurns {
  /** Posts `send` now, or once the exclusive turn holding the session ends. */
  shared<T>(send: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` once no other turn holds the session; whatever `work` posts skips the queue.
   * The turn ends when `work` settles, or earlier when it calls `release` (right after posting
   * its last message: the session answers that before anything posted after it).
   */
  exclusive<T>(work: (release: () => void) => Promise<T>): Promise<T>;
  /** How many turns wait for the session now. */
  waiting(): number;
}

export function createSessionTurns(): SessionTurns {
  let held = false;
  const waiting: Array<() => void> = [];

  function next() {
    while (!held && waiting.length > 0) waiting.shift()?.();
  }

  function start<T>(work: (release: () => void) => Promise<T>): Promise<T> {
    held = true;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held = false;
      next();
    };
    let running: Promise<T>;
    try {
      running = work(release);
    } catch (error) {
      running = Promise.reject(error as Error);
    }
    return running.finally(release);
  }

  function whenFree<T>(begin: () => Promise<T>): Promise<T> {
    if (!held) return begin();
    return new Promise<T>((resolve, reject) => waiting.push(() => void begin().then(resolve, reject)));
  }

  return {
    shared: (send) => whenFree(send),
    exclusive: (work) => whenFree(() => start(work)),
    waiting: () => waiting.length,
  };
}
