import { afterEach, beforeEach } from 'vitest';
import type { Store, Tx } from '@pips/domain';
import type { ContractOptions } from './contract-options';

/** What each case reaches its store through; the store is opened fresh for every case. */
export interface Harness {
  store(): Store;
  /** One transaction on the current store. */
  tx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Closes the current store now; the teardown then does not close it again. */
  close(): Promise<void>;
}

/** Registers the per-case open/close hooks in the enclosing describe. */
export function useFreshStore(options: ContractOptions): Harness {
  let current: Store | null = null;
  let closed = false;

  beforeEach(async () => {
    current = await options.open();
    closed = false;
  });

  afterEach(async () => {
    const store = current;
    current = null;
    if (!store) return;
    // The port does not promise close is idempotent, so a store is closed once.
    if (!closed) await store.close();
    await options.teardown?.(store);
  });

  const store = (): Store => {
    if (!current) throw new Error('the store is only available inside a contract case');
    return current;
  };

  return {
    store,
    tx: (work) => store().transaction(work),
    async close() {
      const open = store();
      closed = true;
      await open.close();
    },
  };
}
