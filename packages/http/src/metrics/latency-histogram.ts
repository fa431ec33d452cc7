import type { Metric, Registry } from 'prom-client';
import { LATENCY_BUCKETS, type RequestTally } from './request-tally';

interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  value: number;
}

/** The tally's latencies as prom-client's own Histogram reports its values: cumulative buckets, `+Inf`, sum and count. */
function samples(name: string, tally: RequestTally): Sample[] {
  const values: Sample[] = [];
  for (const series of tally.series()) {
    const labels = { method: series.method, route: series.route };
    let cumulative = 0;
    LATENCY_BUCKETS.forEach((bound, i) => {
      cumulative += series.buckets[i]!;
      values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
    });
    values.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: series.count });
    values.push({ metricName: `${name}_sum`, labels, value: series.seconds });
    values.push({ metricName: `${name}_count`, labels, value: series.count });
  }
  return values;
}

/**
 * Registers a histogram of the tally's request latencies by method and route. prom-client's
 * Histogram cannot be given counts, only observations, so this is a metric of the shape its
 * registry reads (`get()`, as the registries AggregatorRegistry builds are): the registry writes
 * it as text and a cluster's primary sums it like any histogram.
 */
export function registerLatencyHistogram(registry: Registry, name: string, help: string, tally: RequestTally): void {
  const describe = () => ({ name, help, type: 'histogram', aggregator: 'sum' as const });
  const metric = { ...describe(), get: () => Promise.resolve({ ...describe(), values: samples(name, tally) }) };
  registry.registerMetric(metric as unknown as Metric);
}
