import { writeUnlessStale } from '../guarded-write';
import { eventView, type EventView } from '../events';
import type { Clock, Store, Where } from '../ports';
import type { EventRecord, WebhookRow } from '../records';
import type { WritePlan } from '../write-plan';
import { typeCondition } from '../event-feed/event-query';
import { newestPosition } from './add-webhook';
import { planClaim, planDelivered, planFailed, planHandBack, type WebhookClaim } from './delivery-plans';
import { typesOf } from './webhook-input';
import { webhookStates } from './webhook-view';

/**
 * The steps of a delivery, each a short transaction of its own (never one held across a post: on
 * the embedded database that would hold the only session). A step whose lease is gone (another
 * process took the subscriber after this one stalled, or it was removed) answers false, and the
 * delivery stops there.
 */
export interface WebhookDeliveryDeps {
  readonly store: Store;
  readonly clock: Clock;
}

/** The subscribers to deliver to now: active, past their backoff, and held by no live lease. */
export async function dueWebhooks({ store, clock }: WebhookDeliveryDeps): Promise<WebhookRow[]> {
  const now = clock.now();
  return store.read((tx) =>
    tx.repo('webhook').find({ state: webhookStates.active, next_attempt_at: { $lte: now }, $or: [{ lease: null }, { leased_until: { $lt: now } }] }),
  );
}

async function written({ store }: WebhookDeliveryDeps, plan: WritePlan): Promise<boolean> {
  return (await writeUnlessStale(store, plan, 'webhook')) !== null;
}

/** Takes `row` for this process under `lease`; null when another process took it first. */
export async function claimWebhook(deps: WebhookDeliveryDeps, row: WebhookRow, lease: string): Promise<WebhookClaim | null> {
  return (await written(deps, planClaim(row, lease, deps.clock.now()))) ? { id: row.id, lease } : null;
}

export interface PendingEvents {
  /** The next events the subscriber wants, in order. */
  readonly events: EventView[];
  /** When the page is not full, the newest position read: nothing up to it is left for the subscriber. */
  readonly through: number | null;
}

/** The next `limit` numbered events after the subscriber's mark, of the types it wants. */
export async function pendingEvents({ store }: WebhookDeliveryDeps, row: WebhookRow, limit: number): Promise<PendingEvents> {
  return store.read(async (tx) => {
    // Positions up to the newest one read now are final: a later numbering pass gives higher ones.
    const newest = await newestPosition(tx);
    const where: Where<EventRecord> = { position: { $gt: row.delivered_through } };
    const types = typesOf(row.types);
    if (types.length > 0) where.$or = types.map((type) => ({ type: typeCondition(type) }));
    const rows = await tx.repo('event').find(where, { orderBy: [['position', 'asc']], limit });
    // A short page holds every wanted event after the mark up to the newest read before it, and past.
    const last = rows.at(-1)?.position ?? 0;
    const through = rows.length < limit ? Math.max(newest, last) : null;
    return { events: rows.map(eventView), through: through !== null && through > row.delivered_through ? through : null };
  });
}

export const recordDelivered = (deps: WebhookDeliveryDeps, claim: WebhookClaim, position: number) =>
  written(deps, planDelivered(claim, position, deps.clock.now()));

export const recordFailed = (deps: WebhookDeliveryDeps, row: WebhookRow, claim: WebhookClaim, error: string) =>
  written(deps, planFailed(row, claim, error, deps.clock.now()));

export const releaseWebhook = (deps: WebhookDeliveryDeps, claim: WebhookClaim, through: number | null) => written(deps, planHandBack(claim, through));
