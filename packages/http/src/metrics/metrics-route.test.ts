import { ensureToken, systemClock } from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { AppMiddleware } from '../app-state';
import { createApp, type AppDeps } from '../create-app';
import { docsAssets } from '../openapi/docs-assets';
import { memoryRateLimiter, perMinuteBudget } from '../rate-limit';
import { sendXml } from '../reply';
import { serve } from '../test-client';
import { fields } from '@pips/xml';
import { parseExposition, sampleSum } from './parse-exposition';

const TOKEN = 'tok-3f9a1c77e2b54d08';
const BAD_TOKEN = 'bad-9d2e0b6a41c3f775';
const XML = { 'Content-Type': 'application/xml' };

/** The harness's control routes stand-in: one route under `/__control`. */
const control: AppMiddleware = (ctx, next) => {
  if (ctx.path !== '/__control/reset') return next();
  sendXml(ctx, 'reset', fields([['status', 'ok']]));
  return Promise.resolve();
};

/** An app on a fresh memory store with token TOKEN, its log lines kept. */
async function app(extra: Partial<AppDeps> = {}) {
  const store = createMemoryStore();
  await ensureToken({ store, clock: systemClock }, TOKEN, 'metrics');
  const lines: unknown[] = [];
  const keep = (obj: object, msg?: string) => void lines.push({ ...obj, msg });
  const client = await serve(
    createApp({
      store,
      clock: systemClock,
      timezone: 'UTC',
      logger: { info: keep, warn: keep, error: keep },
      blobs: createMemoryBlobStore(),
      extraRoutes: { prefix: '/__control', routes: control },
      ...extra,
    }),
  );
  onTestFinished(() => client.close());
  const scrape = async () => {
    const answer = await client.request('GET', '/metrics');
    expect(answer.status).toBe(200);
    return { text: answer.text, parsed: parseExposition(answer.text), type: answer.headers.get('content-type') };
  };
  return { client, scrape, lines };
}

const requests = (route: string, method: string, status: number) => ({ method, route, status: String(status) });

describe('GET /metrics', () => {
  it('names each request by the route that answered it, never by its path', async () => {
    const { client, scrape } = await app();
    const api = (path: string) => `/api/v2/${TOKEN}${path}`;
    expect((await client.request('POST', api('/unit'), '<unit><name>Each</name></unit>', XML)).status).toBe(200);
    expect((await client.request('GET', api('/unit/1'))).status).toBe(200);
    expect((await client.request('GET', api('/UNIT/1/'))).status).toBe(200);
    expect((await client.request('HEAD', api('/unit/1'))).status).toBe(200);
    expect((await client.request('GET', api('/unit/77'))).status).toBe(404);
    expect((await client.request('GET', api('/no/such/route'))).status).toBe(404);
    expect((await client.request('GET', `/api/v2/${BAD_TOKEN}/unit/1`))).toMatchObject({ status: 401 });
    expect((await client.request('GET', '/elsewhere/42'))).toMatchObject({ status: 404 });
    expect((await client.request('GET', '/HEALTHZ'))).toMatchObject({ status: 200 });
    expect((await client.request('GET', '/readyz'))).toMatchObject({ status: 200 });
    expect((await client.request('GET', '/downloads/attachments/5?expires=1&signature=x'))).toMatchObject({ status: 403 });
    expect((await client.request('POST', '/__control/reset'))).toMatchObject({ status: 200 });
    expect((await client.request('GET', '/__control/fixtures/x'))).toMatchObject({ status: 404 });

    const first = await scrape();
    expect(first.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const counted = first.parsed.samples.filter((s) => s.name === 'pips_http_requests_total');
    expect(counted.map((s) => [s.labels, s.value])).toEqual(
      expect.arrayContaining([
        [requests('/unit', 'POST', 200), 1],
        [requests('/unit/:id', 'GET', 200), 2],
        [requests('/unit/:id', 'HEAD', 200), 1],
        [requests('/unit/:id', 'GET', 404), 1],
        [requests('unmatched', 'GET', 404), 2],
        [requests('unmatched', 'GET', 401), 1],
        [requests('/healthz', 'GET', 200), 1],
        [requests('/readyz', 'GET', 200), 1],
        [requests('/downloads/attachments/:id', 'GET', 403), 1],
        [requests('/__control/*', 'POST', 200), 1],
        [requests('/__control/*', 'GET', 404), 1],
      ]),
    );
    expect(counted).toHaveLength(11);
    // A scrape is counted once it is answered: the next one sees it.
    expect(sampleSum((await scrape()).parsed, 'pips_http_requests_total', requests('/metrics', 'GET', 200))).toBe(1);
    const histogram = (await scrape()).parsed;
    expect(sampleSum(histogram, 'pips_http_request_duration_seconds_count', { method: 'GET', route: '/unit/:id' })).toBe(3);
    expect(sampleSum(histogram, 'pips_http_request_duration_seconds_count', { route: '/metrics' })).toBe(2);
  });

  it('counts the description and the docs page under their own routes, not as unmatched', async () => {
    const { client, scrape } = await app();
    const version = docsAssets().version;
    expect((await client.request('GET', '/openapi.json')).status).toBe(200);
    const etag = (await client.request('GET', '/openapi.json')).headers.get('etag')!;
    expect((await client.request('GET', '/openapi.json', undefined, { 'If-None-Match': etag })).status).toBe(304);
    expect((await client.request('GET', '/docs')).status).toBe(200);
    expect((await client.request('GET', '/docs/')).status).toBe(200);
    expect((await client.request('GET', '/docs/init.js')).status).toBe(200);
    expect((await client.request('GET', `/docs/assets/${version}/swagger-ui.css`)).status).toBe(200);
    expect((await client.request('GET', `/docs/assets/${version}/swagger-ui-bundle.js`)).status).toBe(200);
    // A path under /docs that names nothing is no route, and its path is never a label.
    expect((await client.request('GET', `/docs/assets/${version}/package.json`)).status).toBe(404);
    expect((await client.request('GET', '/docs/other')).status).toBe(404);
    const { parsed } = await scrape();
    const counted = parsed.samples.filter((s) => s.name === 'pips_http_requests_total');
    expect(counted.map((s) => [s.labels, s.value])).toEqual(
      expect.arrayContaining([
        [requests('/openapi.json', 'GET', 200), 2],
        [requests('/openapi.json', 'GET', 304), 1],
        [requests('/docs', 'GET', 200), 2],
        [requests('/docs/init.js', 'GET', 200), 1],
        [requests('/docs/assets/:version/:file', 'GET', 200), 2],
        [requests('unmatched', 'GET', 404), 2],
      ]),
    );
    expect(counted).toHaveLength(6);
  });

  it('counts errors by code, a request that failed before routing under its route', async () => {
    const { client, scrape } = await app({ rateLimiter: memoryRateLimiter(perMinuteBudget(4)) });
    const api = (path: string) => `/api/v2/${TOKEN}${path}`;
    expect((await client.request('POST', api('/unit'), '<unit><name>', XML)).status).toBe(400);
    expect((await client.request('POST', api('/unit'), '<unit><name></name></unit>', XML)).status).toBe(400);
    expect((await client.request('PUT', api('/unit/1'), '{"name": 1}', { 'Content-Type': 'application/json' })).status).toBe(415);
    expect((await client.request('POST', api('/nowhere'), '<x>', XML)).status).toBe(400);
    expect((await client.request('GET', api('/unit'))).status).toBe(429);
    expect((await client.request('GET', `/api/v2/${BAD_TOKEN}/unit`)).status).toBe(401);
    const { parsed } = await scrape();
    expect(parsed.samples.filter((s) => s.name === 'pips_http_errors_total').map((s) => [s.labels.code, s.value])).toEqual(
      expect.arrayContaining([
        ['malformed', 2],
        ['invalid', 1],
        ['unsupported_media_type', 1],
        ['rate_limited', 1],
        ['unauthorized', 1],
      ]),
    );
    expect(sampleSum(parsed, 'pips_http_errors_total')).toBe(6);
    expect(sampleSum(parsed, 'pips_http_requests_total', requests('/unit', 'POST', 400))).toBe(2);
    expect(sampleSum(parsed, 'pips_http_requests_total', requests('/unit/:id', 'PUT', 415))).toBe(1);
    expect(sampleSum(parsed, 'pips_http_requests_total', requests('unmatched', 'POST', 400))).toBe(1);
    expect(sampleSum(parsed, 'pips_http_requests_total', requests('/unit', 'GET', 429))).toBe(1);
  });

  it('never shows a token, in metrics or in the log', async () => {
    const { client, scrape, lines } = await app();
    for (const token of [TOKEN, BAD_TOKEN]) {
      for (const path of ['/unit', '/unit/1', '/nothing/here', '']) await client.request('GET', `/api/v2/${token}${path}`);
      await client.request('POST', `/api/v2/${token}/unit`, '<unit><name>', XML);
      await client.request('GET', `/API/V2/${token}/unit`);
      await client.request('GET', `/x/api/v2/${token}`);
    }
    const { text } = await scrape();
    expect(text).toContain('pips_http_requests_total');
    expect(lines.length).toBeGreaterThan(10);
    for (const token of [TOKEN, BAD_TOKEN]) {
      expect(text).not.toContain(token);
      expect(JSON.stringify(lines)).not.toContain(token);
    }
  });

  it('answers HEAD, any case and a trailing slash as the probes do, and no other method', async () => {
    const { client } = await app();
    const head = await client.request('HEAD', '/metrics');
    expect([head.status, head.text, head.headers.get('content-type')]).toEqual([200, '', 'text/plain; version=0.0.4; charset=utf-8']);
    expect((await client.request('GET', '/Metrics/')).text).toContain('# TYPE pips_http_requests_total counter');
    expect((await client.request('POST', '/metrics')).status).toBe(404);
    expect((await client.request('GET', '/metrics/x')).status).toBe(404);
  });

  it('answers what the app was given to scrape', async () => {
    const { createAppMetrics } = await import('./app-metrics');
    const metrics = createAppMetrics({ scrape: () => Promise.resolve('from_elsewhere 7\n') });
    const { client } = await app({ metrics });
    await client.request('GET', '/healthz');
    expect((await client.request('GET', '/metrics')).text).toBe('from_elsewhere 7\n');
    expect(sampleSum(parseExposition(await metrics.registry.metrics()), 'pips_http_requests_total', { route: '/healthz' })).toBe(1);
  });
});
