import { parseExposition, sampleSum } from '@pips/http/test';
import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';
import { mixedLoad, send, type Expected } from './mixed-load.test-helper';
import { freshDatabase, startMain } from './test-processes';

// GET /metrics on the built server: one process on the embedded database, and a cluster on
// PostgreSQL whose scrape, reaching one worker, answers for all of them.

const TOKEN = 'metrics-token-5c1e9a7f3b2d4e60';
const BAD_TOKEN = 'not-a-token-8e4f2a9c6d1b7035';
/** Processes start in seconds each on a busy machine; the load is some two hundred requests. */
const TIMEOUT_MS = 120_000;

/** Scrapes once and checks it counts exactly what the load asked for, and then the scrapes before it. */
async function scrapeMatches(url: URL, expected: Expected, scrapesBefore: number) {
  const answer = await send(url, 'GET', '/metrics');
  expect(answer.status).toBe(200);
  const parsed = parseExposition(answer.text);
  const counted = (labels: Record<string, string>) => sampleSum(parsed, 'pips_http_requests_total', labels);
  for (const { labels, count } of expected.requests.values()) expect(counted(labels), JSON.stringify(labels)).toBe(count);
  expect(counted({ route: '/metrics', status: '200' })).toBe(scrapesBefore);
  expect(counted({})).toBe(expected.total + scrapesBefore);

  // The latency histogram counts the same requests, by method and route.
  const byRoute = new Map<string, { method: string; route: string; count: number }>();
  for (const { labels, count } of expected.requests.values()) {
    const key = `${labels.method} ${labels.route}`;
    const entry = byRoute.get(key) ?? { method: labels.method!, route: labels.route!, count: 0 };
    byRoute.set(key, { ...entry, count: entry.count + count });
  }
  for (const { method, route, count } of byRoute.values()) {
    expect(sampleSum(parsed, 'pips_http_request_duration_seconds_count', { method, route }), `${method} ${route}`).toBe(count);
    expect(sampleSum(parsed, 'pips_http_request_duration_seconds_bucket', { method, route, le: '+Inf' })).toBe(count);
  }

  for (const [code, count] of expected.errors) expect(sampleSum(parsed, 'pips_http_errors_total', { code }), code).toBe(count);
  expect(sampleSum(parsed, 'pips_http_errors_total')).toBe([...expected.errors.values()].reduce((a, b) => a + b, 0));
  expect(parsed.types.get('pips_process_cpu_user_seconds_total')).toBe('counter');
  for (const secret of [TOKEN, BAD_TOKEN]) expect(answer.text).not.toContain(secret);
  return parsed;
}

/**
 * Starts the server, makes the load and scrapes twice, stops it, and checks its log: every
 * request logged, and no token anywhere. Answers the last scrape for the engine's own checks.
 */
async function loadAndScrape(test: TestContext, env: Record<string, string>) {
  const server = startMain(test, { PORT: '0', BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'info', ...env });
  const url = await server.listening();
  const expected = await mixedLoad(url, TOKEN, BAD_TOKEN);
  await scrapeMatches(url, expected, 0);
  const parsed = await scrapeMatches(url, expected, 1);
  server.signal('SIGTERM');
  // Once it has exited, its whole output is read.
  expect(await server.exited).toBe(0);
  const requests = server.lines.filter((l) => l.msg === 'request');
  expect(requests).toHaveLength(expected.total + 2);
  for (const secret of [TOKEN, BAD_TOKEN]) {
    expect(JSON.stringify(server.lines)).not.toContain(secret);
    expect(server.stderr()).not.toContain(secret);
  }
  return { parsed, servedBy: new Set(requests.map((l) => l.pid)) };
}

describe('GET /metrics on the embedded database', () => {
  it('counts a mixed load exactly, with the store queue, and never a token', { timeout: TIMEOUT_MS }, async (test) => {
    const { parsed } = await loadAndScrape(test, { DATA_DIR: await pgliteDataDir('migrated') });
    expect(parsed.samples.filter((s) => s.name.startsWith('pips_store_'))).toEqual([{ name: 'pips_store_queue_waiting', labels: {}, value: 0 }]);
  });
});

postgresSuites('GET /metrics with WEB_CONCURRENCY on PostgreSQL', (adminUrl) => {
  describe('GET /metrics with WEB_CONCURRENCY on PostgreSQL', () => {
    it('answers for every worker: a mixed load counted exactly, both pools, never a token', { timeout: TIMEOUT_MS }, async (test) => {
      const databaseUrl = await freshDatabase(test, adminUrl, 'metrics');
      const { parsed, servedBy } = await loadAndScrape(test, { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: '2', DATABASE_POOL_MAX: '3' });
      // Both workers served the load, and the scrape summed both: each pool has at most 3 connections.
      expect(servedBy.size).toBe(2);
      expect(sampleSum(parsed, 'pips_store_pool_max_connections')).toBe(6);
      expect(sampleSum(parsed, 'pips_store_pool_waiting_requests')).toBe(0);
    });
  });
});
