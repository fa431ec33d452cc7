import { errors } from './errors';
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

/**
 * The context `actor`'s commands run with. Every change a command makes is one `transaction`, so
 * a read-only caller's store refuses to open one (403) and reads as any other: no command, today's
 * or a later one, can change data for it, and none needs to remember to ask. Work the service does
 * for itself on a read (a signing key made on first use) runs on the service's own store, not this one.
 */
export function callerContext(base: Omit<Context, 'actor'>, actor: Principal): Context {
  return { store: actor.readOnly ? readOnlyStore(base.store) : base.store, clock: base.clock, actor, site: base.site };
}

function readOnlyStore(store: Store): Store {
  return {
    description: store.description,
    transaction: () => Promise.reject(errors.readOnly()),
    read: (work) => store.read(work),
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
