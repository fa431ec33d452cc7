import { errors } from '../errors';
import { deleteRows, updateRow, writePlan } from '../write-plan';
import type { WebhookDeps } from './webhook-deps';
import { webhookStates, webhookView, type WebhookView } from './webhook-view';

/** Every webhook, in id order, without secrets. */
export async function listWebhooks(deps: WebhookDeps): Promise<WebhookView[]> {
  return (await deps.store.read((tx) => tx.repo('webhook').find())).map(webhookView);
}

/** How many webhooks are in each state: what `/metrics` shows. */
export async function countWebhooks(deps: Pick<WebhookDeps, 'store'>): Promise<Record<string, number>> {
  const rows = await deps.store.read((tx) => tx.repo('webhook').find());
  const counts: Record<string, number> = { [webhookStates.active]: 0, [webhookStates.failing]: 0 };
  for (const row of rows) counts[row.state] = (counts[row.state] ?? 0) + 1;
  return counts;
}

/** Removes webhook `id`; its pending events are not delivered. A delivery under way stops at its next step. */
export async function removeWebhook(deps: WebhookDeps, id: number): Promise<void> {
  const removed = await deps.store.transaction((tx) => tx.write(writePlan([deleteRows('webhook', { id })]), { commit: true }));
  if ((removed.steps[0]?.length ?? 0) === 0) throw errors.notFound('Webhook', id);
}

/**
 * Delivers to webhook `id` again now, from the first event it has not taken: a failing one (a day
 * of failures) becomes active, one waiting out its backoff is tried at once.
 */
export async function resumeWebhook(deps: WebhookDeps, id: number): Promise<WebhookView> {
  return deps.store.transaction(async (tx) => {
    const row = await tx.repo('webhook').get(id, { lock: true });
    if (!row) throw errors.notFound('Webhook', id);
    const step = updateRow('webhook', id, { state: webhookStates.active, attempts: 0, failing_since: null, next_attempt_at: deps.clock.now() });
    return webhookView((await tx.write(writePlan([step]), { commit: true })).row(step));
  });
}
