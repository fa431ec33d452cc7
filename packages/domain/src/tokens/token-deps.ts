import type { Clock, Store } from '../ports';

/** Token handling runs before there is a caller, so it takes the store and clock only. */
export interface TokenDeps {
  store: Store;
  clock: Clock;
}
