import type { WebhookRow } from '../records';
import { updateRow, writePlan, type WritePlan } from '../write-plan';
import { GIVE_UP_AFTER_MS, LEASE_MS, retryDelayMs } from './delivery-schedule';
import { webhookStates } from './webhook-view';

/** A subscriber one process delivers to: its id and the lease it holds it by. */
export interface WebhookClaim {
  readonly id: number;
  readonly lease: string;
}

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * Takes `row` for `lease` until `LEASE_MS` from now. The row must still hold the lease it was
 * read with: a process that claimed it since makes the plan stale, and only one claim wins.
 */
export function planClaim(row: WebhookRow, lease: string, now: Date): WritePlan {
  return writePlan([updateRow('webhook', row.id, { lease, leased_until: later(now, LEASE_MS) }, { lease: row.lease, state: webhookStates.active })]);
}

/** The subscriber took the event at `position`: the mark moves past it, the failures are forgotten and the lease renewed. */
export function planDelivered(claim: WebhookClaim, position: number, now: Date): WritePlan {
  const patch = { delivered_through: position, attempts: 0, failing_since: null, last_error: null, last_delivered_at: now, leased_until: later(now, LEASE_MS) };
  return writePlan([updateRow('webhook', claim.id, patch, { lease: claim.lease })]);
}

/** Whether a failure at `now` ends the subscriber's day of retries: it is then marked failing. */
export const givesUp = (row: Pick<WebhookRow, 'failing_since'>, now: Date): boolean =>
  now.getTime() - (row.failing_since ?? now).getTime() >= GIVE_UP_AFTER_MS;

/**
 * The subscriber failed to take the next event: tried again after the backoff, or, once it has
 * failed for `GIVE_UP_AFTER_MS`, marked failing. The mark stays, so that event comes first again.
 */
export function planFailed(row: WebhookRow, claim: WebhookClaim, error: string, now: Date): WritePlan {
  const attempts = row.attempts + 1;
  const since = row.failing_since ?? now;
  const givenUp = givesUp(row, now);
  const patch = {
    attempts,
    failing_since: since,
    last_error: error.slice(0, 255),
    next_attempt_at: later(now, retryDelayMs(attempts)),
    state: givenUp ? webhookStates.failing : webhookStates.active,
    lease: null,
    leased_until: null,
  };
  return writePlan([updateRow('webhook', claim.id, patch, { lease: claim.lease })]);
}

/** Done for now: the lease is given back, and the mark moved to `through` past events of no wanted type. */
export function planHandBack(claim: WebhookClaim, through: number | null): WritePlan {
  const patch = { lease: null, leased_until: null, ...(through === null ? {} : { delivered_through: through }) };
  return writePlan([updateRow('webhook', claim.id, patch, { lease: claim.lease })]);
}
