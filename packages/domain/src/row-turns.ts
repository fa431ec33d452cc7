import type { Store } from './ports';

/**
 * Commands that read a row without its lock and write guarded on what they read take turns per
 * row within this process, so two requests for one row here never make each other's plan stale
 * (docs/decisions.md, "A unit's adjustment and split take its lock only when it changed"). The
 * guard still decides; another process, or a command taking the row's lock, is met by it as before.
 */

/** Per store, per key: the last turn taken, settled when it ends. Keys without a turn are dropped. */
const lastTurns = new WeakMap<Store, Map<string, Promise<void>>>();

/**
 * Runs `work` once every earlier `inTurn` of `store` and `key` in this process has ended: settled,
 * or called the `release` it was given. Work calls `release` once what the next one reads would
 * see its write (`WriteOptions.posted`), so the next starts while it waits for its answer.
 */
export function inTurn<T>(store: Store, key: string, work: (release: () => void) => Promise<T>): Promise<T> {
  let turns = lastTurns.get(store);
  if (!turns) lastTurns.set(store, (turns = new Map()));
  const before = turns.get(key);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  // No bound on waiters or their wait: a request waits here as it would on the row's lock.
  const result = before ? before.then(() => work(release)) : work(release);
  const ended = Promise.race([
    released,
    result.then(
      () => undefined,
      () => undefined,
    ),
  ]);
  turns.set(key, ended);
  void ended.then(() => {
    if (turns.get(key) === ended) turns.delete(key);
  });
  return result;
}
