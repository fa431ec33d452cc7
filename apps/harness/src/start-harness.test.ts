import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { parseExposition, sampleSum, type ParsedMetrics } from '@pips/http/test';
import { startHarness, type Harness } from './start-harness';

let harness: Harness;
const XML = { 'Content-Type': 'application/xml', Accept: 'application/xml' };

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(() => harness.close());
beforeEach(() => harness.reset());

async function call(method: string, path: string, body?: string) {
  const init: RequestInit = { method, headers: XML };
  if (body !== undefined) init.body = body;
  const res = await fetch(`${harness.url}${path}`, init);
  return { status: res.status, text: await res.text() };
}
const api = (path: string, token: string = harness.token) => `/api/v2/${token}${path}`;

describe('startHarness', () => {
  it('serves the API on a free local port with the harness token', async () => {
    expect(harness.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await call('GET', api('/unit'));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<units type="array"/>');
  });

  it('stamps records from a deterministic clock', async () => {
    await call('POST', api('/manufacturer'), '<manufacturer><name>TI</name></manufacturer>');
    const list = await call('GET', api('/manufacturer'));
    expect(list.text).toContain('<created_at>2025-01-01T00:00:00+00:00</created_at>');
    await call('POST', '/__harness/clock', '<clock><now>2030-05-06T07:08:09Z</now></clock>');
    const later = await call('POST', api('/vendor'), '<vendor><name>Mouser</name></vendor>');
    expect(later.status).toBe(200);
    expect((await call('GET', api('/vendor'))).text).toContain('<created_at>2030-05-06T07:08:09+00:00</created_at>');
    expect((await call('POST', '/__harness/clock', '<clock><now>soon</now></clock>')).status).toBe(400);
  });

  it('starts from an empty store after reset, keeping the harness token', async () => {
    await call('POST', api('/unit'), '<unit><name>Each</name></unit>');
    expect((await call('GET', api('/unit'))).text).toContain('<name>Each</name>');
    expect((await call('POST', '/__harness/reset')).status).toBe(200);
    expect((await call('GET', api('/unit'))).text).toContain('<units type="array"/>');
  });

  it('answers GET /metrics, naming its control routes by one label and the API by route', async () => {
    const requests = async () => parseExposition((await call('GET', '/metrics')).text);
    const counted = (parsed: ParsedMetrics, labels: Record<string, string>) => sampleSum(parsed, 'pips_http_requests_total', labels);
    const before = await requests();
    expect((await call('POST', '/__harness/fixtures/reference')).status).toBe(200);
    expect((await call('GET', api('/unit/99999'))).status).toBe(404);
    const after = await requests();
    const added = (labels: Record<string, string>) => counted(after, labels) - counted(before, labels);
    expect(added({ method: 'POST', route: '/__harness/*', status: '200' })).toBe(1);
    expect(added({ method: 'GET', route: '/unit/:id', status: '404' })).toBe(1);
    expect(added({ method: 'GET', route: '/metrics', status: '200' })).toBe(1);
    expect(added({})).toBe(3);
    // Paths are never labels: not the fixture's name, nor the API prefix with its token.
    expect(after.samples.some((s) => Object.values(s.labels).some((v) => v.includes('reference') || v.includes('/api/')))).toBe(false);
  });

  it('loads the reference fixture through the domain', async () => {
    const loaded = await call('POST', '/__harness/fixtures/reference');
    expect(loaded.status).toBe(200);
    expect(loaded.text).toContain('<type>inventory_sublocation</type>');
    const manufacturer = await call('GET', api('/manufacturer/1'));
    expect(manufacturer.text).toContain('<name>Texas Instruments</name>');
    expect(manufacturer.text).toMatch(/<vendors type="array">\s*<vendor>\s*<id>1<\/id>[\s\S]*<id>2<\/id>/);
    const location = await call('GET', api('/inventory_location/1'));
    expect(location.text.match(/<inventory_sublocation>/g)).toHaveLength(2);
    expect((await call('GET', api('/unit/2'))).text).toContain('<factor>5000.0</factor>');
    expect((await call('GET', api('/customer/1'))).text).toMatch(/<contacts type="array">\s*<contact>\s*<id>1<\/id>/);
    expect((await call('POST', '/__harness/fixtures/nothing')).status).toBe(404);
  });

  it('issues tokens with exactly the permissions asked for', async () => {
    const viewer = await harness.createToken(['view_inventory']);
    expect((await call('GET', api('/inventory_location', viewer))).status).toBe(200);
    const body = '<inventory_location><name>Main</name></inventory_location>';
    expect((await call('POST', api('/inventory_location', viewer), body)).status).toBe(403);
    const none = await harness.createToken([]);
    expect((await call('GET', api('/inventory_location', none))).status).toBe(403);
    expect((await call('GET', api('/unit', none))).status).toBe(200);
  });

  it('issues tokens through the control API', async () => {
    const body =
      '<token><name>x</name><permissions type="array"><permission>manage_data</permission></permissions></token>';
    const res = await call('POST', '/__harness/tokens', body);
    expect(res.status).toBe(200);
    const token = /<value>([^<]+)<\/value>/.exec(res.text)?.[1] ?? '';
    const location = '<inventory_location><name>Main</name></inventory_location>';
    expect((await call('POST', api('/inventory_location', token), location)).status).toBe(200);
    expect((await call('GET', api('/inventory_location', token))).status).toBe(403);
    const bad = '<token><name>x</name><permissions type="array"><permission>fly</permission></permissions></token>';
    expect((await call('POST', '/__harness/tokens', bad)).status).toBe(400);
  });

  it('issues read-only tokens, programmatically and through the control API', async () => {
    const location = '<inventory_location><name>Main</name></inventory_location>';
    const reader = await harness.createToken(['view_inventory', 'manage_data'], { readOnly: true });
    expect((await call('GET', api('/inventory_location', reader))).status).toBe(200);
    const refused = await call('POST', api('/inventory_location', reader), location);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<message>This token is read-only: it cannot change data</message>');
    const body = '<token><name>ro</name><permissions type="array"><permission>manage_data</permission></permissions><read_only>true</read_only></token>';
    const token = /<value>([^<]+)<\/value>/.exec((await call('POST', '/__harness/tokens', body)).text)?.[1] ?? '';
    expect((await call('POST', api('/inventory_location', token), location)).status).toBe(403);
    expect((await call('GET', api('/inventory_location', harness.token))).text).not.toContain('<name>Main</name>');
  });

  it('digests every row the store holds: unchanged by reads and refusals, changed by a write', async () => {
    const digest = async () => /<sha256>([0-9a-f]{64})<\/sha256>/.exec((await call('GET', '/__harness/digest')).text)?.[1];
    const empty = await digest();
    expect(empty).toBeDefined();
    await call('POST', '/__harness/fixtures/reference');
    const loaded = await digest();
    expect(loaded).not.toBe(empty);
    expect((await call('GET', api('/manufacturer/1'))).status).toBe(200);
    expect((await call('PUT', api('/manufacturer/1'), '<manufacturer><name></name></manufacturer>')).status).toBe(400);
    expect(await digest()).toBe(loaded);
    expect((await call('PUT', api('/manufacturer/1'), '<manufacturer><city>Austin</city></manufacturer>')).status).toBe(200);
    expect(await digest()).not.toBe(loaded);
    await harness.reset();
    expect(await digest()).toBe(empty);
  });

  it('forgets issued tokens on reset', async () => {
    const token = await harness.createToken(['view_inventory']);
    await harness.reset();
    expect((await call('GET', api('/unit', token))).status).toBe(401);
  });
});

describe('startHarness with a rate limit', () => {
  it('counts nothing unless asked to', async () => {
    for (let i = 0; i < 10; i++) expect((await call('GET', api('/unit'))).status).toBe(200);
  });

  it('counts each token\'s requests a minute when asked to, on the system time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const start = Date.parse('2026-01-01T00:00:00Z');
    vi.setSystemTime(start);
    const limited = await startHarness({ rateLimitPerMinute: 2 });
    onTestFinished(() => limited.close());
    const units = () => fetch(`${limited.url}/api/v2/${limited.token}/unit`);
    for (let i = 0; i < 2; i++) expect((await units()).status).toBe(200);
    const refused = await units();
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '60']);
    vi.setSystemTime(start + 60_000);
    expect((await units()).status).toBe(200);
  });

  it('refuses a budget that is not a whole number of requests', async () => {
    for (const bad of [-1, 1.5, Number.NaN]) {
      await expect(startHarness({ rateLimitPerMinute: bad })).rejects.toThrow('rateLimitPerMinute must be a whole number of 0 or more');
    }
  });
});

describe('startHarness outside its control routes', () => {
  it('answers other paths with 404 without reading the body', async () => {
    const res = await call('POST', '/foo', '<not closed>');
    expect(res.status).toBe(404);
    expect(res.text).toContain('No route matches [POST] &quot;/foo&quot;');
  });

  it('closes the store when the port is taken', async () => {
    const port = Number(new URL(harness.url).port);
    await expect(startHarness({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
