import type { Store } from '@pips/domain';

/**
 * What an adapter can do beyond what every store must. The kit runs the cases of a declared
 * capability and skips the others with the capability named in their title, so nothing is
 * hidden: an adapter says what it lacks, as unstorage's driver kit has it.
 */
export interface StoreCapabilities {
  /**
   * Transactions run side by side, each on its own connection (PostgreSQL): a second one starts
   * while the first is open, `lock: true` takes real row locks, and two transactions can deadlock.
   * When false the store runs one transaction at a time (memory, PGlite's single session), so
   * nothing interleaves and a lock holds trivially; the kit checks that instead. No separate
   * row-lock flag: no adapter has one without the other.
   */
  concurrentWriters: boolean;
  /**
   * A transaction the database ends as a deadlock victim (or a serialization failure) runs again,
   * so both sides commit and the caller sees no error; `work` may therefore be called more than
   * once. Needs `concurrentWriters`: a store that runs one transaction at a time never deadlocks.
   */
  retriesOnDeadlock: boolean;
  /** Committed rows and sequences survive closing the store and opening it again; needs `reopen`. */
  persistent: boolean;
  /**
   * Every session runs statements in the order they are posted (PGlite: one session on its own
   * thread), so a committing plan calls `WriteOptions.posted` once posted, before its answer.
   * When false the store never calls it.
   */
  postsInOrder: boolean;
}

/** What an adapter hands the contract suite. */
export interface ContractOptions {
  /** Shown in the suite title: `store contract: <name>`. */
  name: string;
  /** Declared, not guessed: which capability-gated cases run. */
  capabilities: StoreCapabilities;
  /** A fresh, empty, migrated store each call (every case gets its own). */
  open(): Promise<Store>;
  /**
   * With `persistent`: a new store on the data `closed` kept, after `closed` was closed (for a
   * database, close the connection and open it again; do not empty it). The teardown then gets
   * the new store in place of the closed one.
   */
  reopen?(closed: Store): Promise<Store>;
  /** Optional teardown per store, after the suite has closed it (drop a database, remove a directory). */
  teardown?(store: Store): Promise<void>;
}
