import type { Clock, Store } from '../ports';

/** What the webhook commands need: the store and the time. */
export interface WebhookDeps {
  readonly store: Store;
  readonly clock: Clock;
}
