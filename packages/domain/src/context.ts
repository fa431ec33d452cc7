import type { Principal } from './permissions';
import type { Clock, Store } from './ports';
import type { Site } from './site';

/** What every use case runs with: the store, the clock, the caller and the site's settings. */
export interface Context {
  store: Store;
  clock: Clock;
  actor: Principal;
  site: Site;
}
