import type { WebhookRow } from '../records';
import { typesOf } from './webhook-input';

export const webhookStates = { active: 'active', failing: 'failing' } as const;
export type WebhookState = (typeof webhookStates)[keyof typeof webhookStates];

/** A webhook as `webhook list` shows it: everything but its secret and its lease. */
export interface WebhookView {
  readonly id: number;
  readonly url: string;
  /** Empty for every event. */
  readonly types: readonly string[];
  readonly state: string;
  readonly deliveredThrough: number;
  readonly attempts: number;
  readonly failingSince: Date | null;
  readonly nextAttemptAt: Date;
  readonly lastError: string | null;
  readonly lastDeliveredAt: Date | null;
  readonly createdAt: Date;
}

export function webhookView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    types: typesOf(row.types),
    state: row.state,
    deliveredThrough: row.delivered_through,
    attempts: row.attempts,
    failingSince: row.failing_since,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    lastDeliveredAt: row.last_delivered_at,
    createdAt: row.created_at,
  };
}
