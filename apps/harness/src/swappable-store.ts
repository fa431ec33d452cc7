import type { Store } from '@pips/domain';

export interface SwappableStore {
  /** Hand this to the app: it forwards every call to whichever store is current. */
  readonly store: Store;
  /** Makes `next` current and returns the store it replaces. */
  swap(next: Store): Store;
}

/** Lets the harness start from an empty store while the app keeps running. */
export function createSwappableStore(initial: Store): SwappableStore {
  let current = initial;
  const store: Store = {
    get description() {
      return current.description;
    },
    transaction: (work) => current.transaction(work),
    read: (work) => current.read(work),
    ping: () => current.ping(),
    close: () => current.close(),
  };
  return {
    store,
    swap(next) {
      const previous = current;
      current = next;
      return previous;
    },
  };
}
