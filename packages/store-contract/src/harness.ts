import { afterEach, beforeEach } from 'vitest';
import type { Store, Tx } from '@pips/domain';
import type { ContractOptions, StoreCapabilities } from './contract-options';

/** What each case reaches its store through; the store is opened fresh for every case. */
export interface Harness {
  readonly capabilities: StoreCapabilities;
  store(): Store;
  /** One transaction on the current store. */
  tx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** Closes the current store now; the teardown then does not close it again. */
  close(): Promise<void>;
  /** Closes the current store (unless closed already) and opens a new one on its data (`persistent` only). */
  reopen(): Promise<Store>;
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

  const close = async () => {
    const open = store();
    closed = true;
    await open.close();
  };

  return {
    capabilities: options.capabilities,
    store,
    tx: (work) => store().transaction(work),
    close,
    async reopen() {
      if (!options.reopen) throw new Error(`${options.name} declares no reopen`);
      const before = store();
      if (!closed) await close();
      current = await options.reopen(before);
      closed = false;
      return current;
    },
  };
}
