import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createAppMetrics } from './app-metrics';
import { parseExposition, sampleSum, type MetricSample } from './parse-exposition';
import { LATENCY_BUCKETS } from './request-tally';

const scrape = async (metrics: ReturnType<typeof createAppMetrics>) => parseExposition(await metrics.scrape());

describe('createAppMetrics', () => {
  it('counts requests by method, route and status, and errors by code', async () => {
    const metrics = createAppMetrics();
    metrics.request('GET', '/unit/:id', 200, 0.001);
    metrics.request('GET', '/unit/:id', 200, 0.002);
    metrics.request('GET', '/unit/:id', 404, 0.001);
    metrics.request('POST', '/unit', 400, 0.003);
    metrics.error('not_found');
    metrics.error('malformed');
    metrics.error('not_found');
    const parsed = await scrape(metrics);
    expect(parsed.types.get('pips_http_requests_total')).toBe('counter');
    expect(parsed.samples.filter((s) => s.name === 'pips_http_requests_total')).toEqual([
      { name: 'pips_http_requests_total', labels: { method: 'GET', route: '/unit/:id', status: '200' }, value: 2 },
      { name: 'pips_http_requests_total', labels: { method: 'GET', route: '/unit/:id', status: '404' }, value: 1 },
      { name: 'pips_http_requests_total', labels: { method: 'POST', route: '/unit', status: '400' }, value: 1 },
    ]);
    expect(parsed.samples.filter((s) => s.name === 'pips_http_errors_total')).toEqual([
      { name: 'pips_http_errors_total', labels: { code: 'not_found' }, value: 2 },
      { name: 'pips_http_errors_total', labels: { code: 'malformed' }, value: 1 },
    ]);

    // Counts go on from where they were: a scrape resets nothing.
    metrics.request('GET', '/unit/:id', 200, 0.001);
    expect(sampleSum(await scrape(metrics), 'pips_http_requests_total', { route: '/unit/:id', status: '200' })).toBe(3);
  });

  it("writes latency as prom-client's own Histogram does for the same observations", async () => {
    const metrics = createAppMetrics();
    const registry = new Registry();
    const reference = new Histogram({
      name: 'pips_http_request_duration_seconds',
      help: 'reference',
      labelNames: ['method', 'route'],
      buckets: [...LATENCY_BUCKETS],
      registers: [registry],
    });
    const observations: Array<[string, string, number]> = [
      ['GET', '/unit/:id', 0.0004],
      ['GET', '/unit/:id', 0.0011],
      ['GET', '/unit/:id', 0.001],
      ['GET', '/unit', 0.02],
      ['POST', '/unit', 12],
    ];
    for (const [method, route, seconds] of observations) {
      metrics.request(method, route, 200, seconds);
      reference.observe({ method, route }, seconds);
    }
    const ours = (await scrape(metrics)).samples.filter((s) => s.name.startsWith('pips_http_request_duration_seconds'));
    const theirs = parseExposition(await registry.metrics()).samples;
    const key = (s: { name: string; labels: object }) => `${s.name} ${JSON.stringify(Object.entries(s.labels).sort())}`;
    const sorted = (list: readonly MetricSample[]) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(ours.length).toBe((LATENCY_BUCKETS.length + 3) * 3);
    expect(sorted(ours).map((s) => [key(s), s.value])).toEqual(sorted(theirs).map((s) => [key(s), s.value]));
    expect((await scrape(metrics)).types.get('pips_http_request_duration_seconds')).toBe('histogram');
  });

  it('adds up across processes as a cluster primary aggregates them', async () => {
    const workers = [createAppMetrics(), createAppMetrics()];
    workers[0]!.request('GET', '/unit', 200, 0.001);
    workers[0]!.request('GET', '/unit', 200, 0.004);
    workers[1]!.request('GET', '/unit', 200, 0.002);
    workers[1]!.request('GET', '/unit', 401, 0.002);
    workers[1]!.error('unauthorized');
    const aggregated = AggregatorRegistry.aggregate(await Promise.all(workers.map((w) => w.registry.getMetricsAsJSON())));
    const parsed = parseExposition(await aggregated.metrics());
    expect(sampleSum(parsed, 'pips_http_requests_total', { status: '200' })).toBe(3);
    expect(sampleSum(parsed, 'pips_http_requests_total', { status: '401' })).toBe(1);
    expect(sampleSum(parsed, 'pips_http_request_duration_seconds_count')).toBe(4);
    expect(sampleSum(parsed, 'pips_http_request_duration_seconds_bucket', { le: '0.0025' })).toBe(3);
    expect(sampleSum(parsed, 'pips_http_request_duration_seconds_sum')).toBeCloseTo(0.009, 12);
    expect(sampleSum(parsed, 'pips_http_errors_total', { code: 'unauthorized' })).toBe(1);
  });

  it('shows webhooks by state, read when scraped, and this process\'s posts by outcome', async () => {
    let reads = 0;
    const states = { active: 2, failing: 1 };
    const metrics = createAppMetrics({
      webhooks: async () => {
        reads++;
        return states;
      },
    });
    metrics.webhookPost('delivered');
    metrics.webhookPost('delivered');
    metrics.webhookPost('failed');
    expect(reads).toBe(0);
    const parsed = await scrape(metrics);
    expect(reads).toBe(1);
    expect(parsed.samples.filter((s) => s.name.includes('webhook'))).toEqual([
      { name: 'pips_webhooks', labels: { state: 'active' }, value: 2 },
      { name: 'pips_webhooks', labels: { state: 'failing' }, value: 1 },
      { name: 'pips_webhook_deliveries_total', labels: { outcome: 'delivered' }, value: 2 },
      { name: 'pips_webhook_deliveries_total', labels: { outcome: 'failed' }, value: 1 },
    ]);
    states.failing = 0;
    expect(sampleSum(await scrape(metrics), 'pips_webhooks')).toBe(2);
  });

  it('reads the store only when scraped, and shows what the engine has', async () => {
    let poolReads = 0;
    const pool = () => {
      poolReads++;
      return { total: 3, idle: 1, waiting: 2, max: 4 };
    };
    const withPool = createAppMetrics({ store: { pool } });
    for (let i = 0; i < 10; i++) withPool.request('GET', '/unit', 200, 0.001);
    expect(poolReads).toBe(0);
    const parsed = await scrape(withPool);
    expect(poolReads).toBe(4);
    expect(parsed.samples.filter((s) => s.name.startsWith('pips_store_'))).toEqual([
      { name: 'pips_store_pool_connections', labels: {}, value: 3 },
      { name: 'pips_store_pool_idle_connections', labels: {}, value: 1 },
      { name: 'pips_store_pool_waiting_requests', labels: {}, value: 2 },
      { name: 'pips_store_pool_max_connections', labels: {}, value: 4 },
    ]);
    expect(parsed.types.get('pips_store_pool_connections')).toBe('gauge');

    let queued = 5;
    const withQueue = createAppMetrics({ store: { queued: () => queued } });
    expect(sampleSum(await scrape(withQueue), 'pips_store_queue_waiting')).toBe(5);
    queued = 0;
    const later = await scrape(withQueue);
    expect(later.samples.filter((s) => s.name.startsWith('pips_store_'))).toEqual([{ name: 'pips_store_queue_waiting', labels: {}, value: 0 }]);

    expect((await scrape(createAppMetrics())).samples.some((s) => s.name.startsWith('pips_store_'))).toBe(false);
  });

  it("adds the process's metrics under pips_ when asked", async () => {
    const plain = await scrape(createAppMetrics());
    expect([...plain.types.keys()].sort()).toEqual(['pips_http_errors_total', 'pips_http_request_duration_seconds', 'pips_http_requests_total']);
    const withProcess = await scrape(createAppMetrics({ processMetrics: true }));
    expect(withProcess.types.get('pips_process_cpu_user_seconds_total')).toBe('counter');
    expect(withProcess.types.get('pips_nodejs_heap_size_used_bytes')).toBe('gauge');
    expect([...withProcess.types.keys()].every((name) => name.startsWith('pips_'))).toBe(true);
  });

  it('answers a scrape as told, and says the text format', async () => {
    const metrics = createAppMetrics({ scrape: () => Promise.resolve('elsewhere 1\n') });
    expect(await metrics.scrape()).toBe('elsewhere 1\n');
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });
});
