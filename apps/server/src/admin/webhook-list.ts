import { listWebhooks, type WebhookView } from '@pips/domain';
import type { AdminOperation } from './admin-operation';
import { oneLine } from './failure-text';

const when = (date: Date | null) => (date ? date.toISOString() : '-');

/** `webhook list` columns; the secret is never shown. */
function webhookTable(hooks: readonly WebhookView[]): string {
  const rows = hooks.map((hook) => [
    String(hook.id),
    oneLine(hook.url),
    hook.types.length === 0 ? '*' : hook.types.join(','),
    hook.state,
    String(hook.deliveredThrough),
    String(hook.attempts),
    hook.lastError === null ? '-' : oneLine(hook.lastError).replace(/\t/g, ' '),
    hook.attempts === 0 ? '-' : when(hook.nextAttemptAt),
    when(hook.lastDeliveredAt),
    when(hook.createdAt),
  ]);
  const head = ['id', 'url', 'types', 'state', 'delivered_through', 'attempts', 'last_error', 'next_attempt', 'last_delivered', 'created'];
  return [head, ...rows].map((row) => row.join('\t')).join('\n');
}

/** `pips webhook list`: every webhook, with how far its deliveries have got, tab-separated. */
export const webhookListOperation: AdminOperation = {
  name: 'webhook-list',
  async run({ ctx }) {
    return { out: `${webhookTable(await listWebhooks(ctx))}\n` };
  },
};
