import type { Worker } from 'node:cluster';
import { errors } from '@pips/domain';
import type { AppMetricsOptions } from '@pips/http';
import type { Logger } from 'pino';
import { AggregatorRegistry, type PrometheusContentType } from 'prom-client';

/**
 * A cluster answers `GET /metrics` for the whole server: the worker that receives the scrape asks
 * the primary, which gathers every worker's metrics over IPC (prom-client's AggregatorRegistry:
 * counters and histograms summed) and answers with the text.
 */

type MetricsMessage = { type: 'pips:metrics-request'; id: number } | { type: 'pips:metrics-answer'; id: number; text?: string };

/** Longer than prom-client's own 5 s for gathering the workers: the primary answers first, if it can. */
const ASK_TIMEOUT_MS = 10_000;

function isMetricsMessage<T extends MetricsMessage['type']>(value: unknown, type: T): value is Extract<MetricsMessage, { type: T }> {
  const message = value as Partial<MetricsMessage> | null;
  return typeof message === 'object' && message !== null && message.type === type && typeof message.id === 'number';
}

/**
 * In a worker: the registry the primary gathers (constructing an AggregatorRegistry is what makes
 * prom-client answer the primary in this process), and a scrape that asks the primary for the
 * server's text. A primary that cannot answer in time is a 503: the scrape may be tried again.
 */
export function workerMetrics(): Required<Pick<AppMetricsOptions, 'registry' | 'scrape'>> {
  const registry = new AggregatorRegistry<PrometheusContentType>();
  AggregatorRegistry.setRegistries([registry]);
  const waiting = new Map<number, (text: string | undefined) => void>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (isMetricsMessage(message, 'pips:metrics-answer')) waiting.get(message.id)?.(message.text);
  });
  const scrape = () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const settle = (text: string | undefined) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (text === undefined) reject(errors.busy());
        else resolve(text);
      };
      const timer = setTimeout(() => settle(undefined), ASK_TIMEOUT_MS);
      waiting.set(id, settle);
      const request: MetricsMessage = { type: 'pips:metrics-request', id };
      // A channel already closed (the primary is gone) answers through the callback.
      process.send?.(request, undefined, {}, (error: Error | null) => error && settle(undefined));
    });
  return { registry, scrape };
}

/**
 * In the primary: answers a worker's request for the server's metrics; false for any other
 * message. Gathering fails when a worker does not answer within 5 s (one starting, or stuck):
 * the asking worker then answers 503 and the primary says why.
 */
export function metricsAnswerer(logger: Logger): (worker: Worker, message: unknown) => boolean {
  const aggregator = new AggregatorRegistry();
  return (worker, message) => {
    if (!isMetricsMessage(message, 'pips:metrics-request')) return false;
    const answer = (text?: string) => {
      const reply: MetricsMessage = { type: 'pips:metrics-answer', id: message.id, ...(text !== undefined && { text }) };
      if (worker.isConnected()) worker.send(reply);
    };
    aggregator.clusterMetrics().then(answer, (error: unknown) => {
      logger.warn({ err: error }, "could not gather the workers' metrics");
      answer();
    });
    return true;
  };
}
