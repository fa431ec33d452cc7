import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { registerWebhookMetrics, type WebhookMetrics, type WebhookStates } from './webhook-metrics';
import { registerLatencyHistogram } from './latency-histogram';
import { createRequestTally } from './request-tally';
import { registerStoreGauges, type StoreLoad } from './store-gauges';

export interface AppMetricsOptions {
  /**
   * Where the metrics are registered; default a registry of their own. A cluster worker passes
   * the one its primary gathers (prom-client's AggregatorRegistry.setRegistries).
   */
  registry?: Registry;
  /** prom-client's process metrics (CPU, memory, heap, event loop, GC), named `pips_process_…`, `pips_nodejs_…`. */
  processMetrics?: boolean;
  /** Read from the store at each scrape. */
  store?: StoreLoad;
  /** The webhooks in each state, read from the store at each scrape. */
  webhooks?: WebhookStates;
  /** What `GET /metrics` answers; default this process's registry. A cluster worker asks its primary for the whole server's. */
  scrape?: () => Promise<string>;
}

/** The metrics of one app: what the request path records, and what `/metrics` answers. */
export interface AppMetrics {
  readonly registry: Registry;
  /** The Content-Type of `scrape()`'s text (Prometheus's text format 0.0.4). */
  readonly contentType: string;
  scrape(): Promise<string>;
  /** One answered request, by method, route label (never the path), status and seconds taken. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** One error answered, by its stable code (`not_found`, `malformed`; `internal` for an unexpected one). */
  error(code: string): void;
  /** One post to a webhook subscriber, taken or failed. */
  readonly webhookPost: WebhookMetrics['post'];
}

/**
 * Requests by method, route and status, their latency by method and route, errors by code, and
 * optionally the store's load and the process's own metrics. Counts are kept as plain numbers
 * (`request-tally.ts`) and handed to prom-client when scraped.
 */
export function createAppMetrics(options: AppMetricsOptions = {}): AppMetrics {
  const registry = options.registry ?? new Registry();
  const tally = createRequestTally();
  const errors = new Map<string, number>();

  new Counter({
    name: 'pips_http_requests_total',
    help: 'HTTP requests answered, by method, route (as registered; `unmatched` for none) and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
    collect() {
      this.reset();
      for (const series of tally.series()) {
        for (const [status, count] of series.statuses) this.inc({ method: series.method, route: series.route, status }, count);
      }
    },
  });
  registerLatencyHistogram(
    registry,
    'pips_http_request_duration_seconds',
    'Seconds from a request to its answer (a list longer than a batch: until it starts streaming), by method and route.',
    tally,
  );
  new Counter({
    name: 'pips_http_errors_total',
    help: 'Error answers by the error\'s stable code (`internal`: unexpected, a 500).',
    labelNames: ['code'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [code, count] of errors) this.inc({ code }, count);
    },
  });
  if (options.store) registerStoreGauges(registry, options.store);
  const webhooks = registerWebhookMetrics(registry, options.webhooks);
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'pips_' });

  return {
    registry,
    contentType: registry.contentType,
    scrape: options.scrape ?? (() => registry.metrics()),
    request: tally.record,
    webhookPost: webhooks.post,
    error(code) {
      errors.set(code, (errors.get(code) ?? 0) + 1);
    },
  };
}
