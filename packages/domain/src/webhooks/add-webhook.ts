import { numberEvents } from '../event-feed/list-events';
import type { ReadTx } from '../ports';
import { insertRow, writePlan } from '../write-plan';
import type { WebhookDeps } from './webhook-deps';
import { typesColumn, type AddWebhookInput } from './webhook-input';
import { webhookStates, webhookView, type WebhookView } from './webhook-view';

/** The highest position the feed has given; 0 before the first event. */
export async function newestPosition(tx: ReadTx): Promise<number> {
  const newest = await tx.repo('event').findOne({ position: { $gt: 0 } }, { orderBy: [['position', 'desc']] });
  return newest?.position ?? 0;
}

/**
 * Adds a subscriber. With no `after` it gets the events committed after it is added: the events
 * committed so far are numbered first, and any committed later get higher numbers.
 */
export async function addWebhook(deps: WebhookDeps, input: AddWebhookInput): Promise<WebhookView> {
  if (input.after === null) await numberEvents(deps.store);
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const step = insertRow('webhook', {
      url: input.url,
      types: typesColumn(input.types),
      secret: input.secret,
      delivered_through: input.after ?? (await newestPosition(tx)),
      state: webhookStates.active,
      attempts: 0,
      failing_since: null,
      next_attempt_at: now,
      last_error: null,
      last_delivered_at: null,
      lease: null,
      leased_until: null,
      created_at: now,
    });
    const written = await tx.write(writePlan([step]), { commit: true });
    return webhookView(written.row(step));
  });
}
