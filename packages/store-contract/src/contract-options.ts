import type { Store } from '@pips/domain';

/** What an adapter hands the contract suite. */
export interface ContractOptions {
  /** Shown in the suite title: `store contract: <name>`. */
  name: string;
  /** A fresh, empty, migrated store each call (every case gets its own). */
  open(): Promise<Store>;
  /** Optional teardown per store, after the suite has closed it (drop a database, remove a directory). */
  teardown?(store: Store): Promise<void>;
}
