import { Counter, Gauge, type Registry } from 'prom-client';

/** How many webhooks are in each state (`active`, `failing`), read from the store. */
export type WebhookStates = () => Promise<Record<string, number>>;

export interface WebhookMetrics {
  post(outcome: 'delivered' | 'failed'): void;
}

/**
 * `pips_webhooks{state}`, read from the store when scraped (every process of a fleet reads the
 * same rows: a cluster's primary takes the first worker's, not their sum), and
 * `pips_webhook_deliveries_total{outcome}`, this process's posts.
 */
export function registerWebhookMetrics(registry: Registry, states: WebhookStates | undefined): WebhookMetrics {
  // A process that delivers no webhooks (the harness, a test's app) shows none of them.
  if (!states) return { post: () => {} };
  new Gauge({
    name: 'pips_webhooks',
    help: 'Webhook subscribers by state: active (delivered to, or retried with backoff) or failing (failed for a day; stopped until resumed).',
    labelNames: ['state'],
    registers: [registry],
    aggregator: 'first',
    async collect() {
      this.reset();
      // A store that cannot be read now leaves the series out of this scrape rather than fail it.
      const counts = await states().catch(() => ({}));
      for (const [state, count] of Object.entries(counts)) this.set({ state }, count);
    },
  });
  const posts = new Counter({
    name: 'pips_webhook_deliveries_total',
    help: 'Events posted to webhook subscribers by this process, by outcome: delivered (2xx) or failed (to be retried).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  // Both series from the start, so a rate over them is defined before the first failure.
  for (const outcome of ['delivered', 'failed']) posts.inc({ outcome }, 0);
  return { post: (outcome) => posts.inc({ outcome }) };
}
