import type { Principal } from './permissions';
import type { Clock, Store } from './ports';

/** What every use case runs with: the store, the clock and the caller. */
export interface Context {
  store: Store;
  clock: Clock;
  actor: Principal;
}
