import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ensureToken, type Clock } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { apiRouteList } from '../api-routes';
import { createApp } from '../create-app';
import { ensureChromium, openBrowser, type Browser } from '../test-chromium';
import { serve, type TestClient } from '../test-client';
import { operationExamples } from './examples';
import { outsidePaths } from './outside-operations';

const TOKEN = 'tok-7c1e5a90d2f84b36';
const clock: Clock = { now: () => new Date('2016-01-25T04:11:47Z') };
let browser: Browser;

beforeAll(async () => {
  ensureChromium();
  browser = await openBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
});

/** A server on a fresh memory store whose token TOKEN has every permission. */
async function server(): Promise<TestClient> {
  const store = createMemoryStore();
  await ensureToken({ store, clock }, TOKEN, 'docs');
  const client = await serve(createApp({ store, clock, timezone: 'UTC' }));
  onTestFinished(() => client.close());
  return client;
}

/** `/docs` loaded, every operation listed; errors the page logs are kept in `problems`. */
async function openDocs(client: TestClient, requested: string[] = [], problems: string[] = []): Promise<Page> {
  const page = await browser.context.newPage();
  onTestFinished(() => page.close());
  page.on('request', (request) => requested.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${client.url}/docs`);
  await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
  return page;
}

/**
 * The guide's first steps, made through the API: reference data before anything else, so id 1 of
 * a manufacturer, a part type, a unit, an inventory location and its sublocation exists.
 */
const FIRST_STEPS: readonly [string, string][] = [
  ['/manufacturer', '<manufacturer><name>Acme</name></manufacturer>'],
  ['/parttype', '<parttype><name>Resistor</name><partnumber_key>RES</partnumber_key></parttype>'],
  ['/unit', '<unit><name>Each</name><allow_fractional>false</allow_fractional></unit>'],
  [
    '/inventory_location',
    '<inventory_location><name>Stores</name><inventory_sublocations type="array"><inventory_sublocation><name>Shelf 1</name></inventory_sublocation></inventory_sublocations></inventory_location>',
  ],
];

/**
 * Every operation with an example, in an order where each finds the records it names: those of the
 * first steps, then those the examples before it made (`examples.ts`). The part example is sent
 * twice, as a reader clicking Execute twice would: a bill needs a second part.
 */
const WALK = [
  'createVendor',
  'createManufacturer',
  'createParttype',
  'createUnit',
  'createUnitConversion',
  'createInventoryLocation',
  'createInventorySublocation',
  'createCustomer',
  'createContact',
  'addLinecard',
  'createPart',
  'createPart',
  'addVendorPartNumber',
  'addQuote',
  'updatePart',
  'createSubpart',
  'addSubparts',
  'updateSubpart',
  'createInventoryUnit',
  'updateInventoryUnit',
  'adjustInventoryQuantity',
  'moveInventoryUnit',
  'splitInventoryUnit',
  'releaseRevision',
  'createRevision',
  'updateVendor',
  'updateManufacturer',
  'updateParttype',
  'updateUnit',
  'updateInventoryLocation',
  'updateInventorySublocation',
  'updateCustomer',
  'updateContact',
];

/** Opens an operation, switches it to Try it out, sends it as the page filled it, and closes it again. */
async function sendUnchanged(page: Page, client: TestClient, operationId: string): Promise<{ status: number; url: string; body: string | null; shown: string }> {
  const operation = page.locator(`.opblock[id$="-${operationId}"]`);
  await operation.locator('.opblock-summary').click();
  const tryOut = operation.locator('.try-out__btn');
  if (!(await tryOut.getAttribute('class'))?.includes('cancel')) await tryOut.click();
  const answered = page.waitForResponse((response) => response.url().startsWith(`${client.url}/api/v2/`), { timeout: 60_000 });
  await operation.locator('.execute').click();
  const response = await answered;
  const shown = operation.locator('.live-responses-table tbody .response-col_status');
  await shown.first().waitFor({ timeout: 60_000 });
  const result = { status: response.status(), url: response.url(), body: response.request().postData(), shown: (await shown.first().textContent())?.trim() ?? '' };
  await operation.locator('.btn-clear').click();
  await operation.locator('.opblock-summary').click();
  await operation.locator('.opblock-body').waitFor({ state: 'detached' });
  return result;
}

describe('the docs page in Chromium', () => {
  it('lists every operation of the route table and the routes outside it, loading nothing from elsewhere', { timeout: 120_000 }, async () => {
    const client = await server();
    const requested: string[] = [];
    const problems: string[] = [];
    const page = await openDocs(client, requested, problems);
    const routes = apiRouteList();
    const outside = Object.entries(outsidePaths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    // The webhook a subscriber is posted is shown as an operation too, by its name.
    const webhooks = ['POST event'];
    const expected = [...routes.map((route) => `${route.method} /api/v2/{api_token}${route.path.replace(/:(\w+)/g, '{$1}')}`), ...outside, ...webhooks];
    await expect.poll(() => page.locator('.opblock').count(), { timeout: 30_000 }).toBe(expected.length);

    const shown = await page.locator('.opblock-summary').evaluateAll((blocks) =>
      blocks.map((block) => {
        const method = block.querySelector('.opblock-summary-method')?.textContent ?? '';
        const path = block.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
        return `${method} ${path}`;
      }),
    );
    expect([...shown].sort()).toEqual([...expected].sort());
    await expect.poll(() => page.locator('.info .title').textContent()).toContain('PIPS');
    await expect.poll(() => page.locator('#pips-api-token').count()).toBe(1);

    const screenshotDir = await mkdtemp(join(tmpdir(), 'pips-docs-'));
    try {
      const shot = join(screenshotDir, 'api-docs.png');
      await page.screenshot({ path: shot });
      expect((await stat(shot)).size).toBeGreaterThan(10_000);
      // Set to keep the picture (the README shows docs/images/api-docs.png).
      const keep = process.env.PIPS_DOCS_SCREENSHOT;
      if (keep) await copyFile(shot, keep);
    } finally {
      await rm(screenshotDir, { recursive: true, force: true });
    }

    expect(requested.filter((url) => !url.startsWith(`${client.url}/`) && !url.startsWith('data:')), 'requests elsewhere').toEqual([]);
    expect(requested).toContain(`${client.url}/openapi.json`);
    expect(problems, 'errors in the page').toEqual([]);
  });

  it('takes the token once for every operation, and each example, sent unchanged after the guide’s first steps, succeeds', { timeout: 900_000 }, async () => {
    const client = await server();
    const api = (method: string, path: string, body?: string) =>
      client.request(method, `/api/v2/${TOKEN}${path}`, body, body === undefined ? {} : { 'Content-Type': 'application/xml' });
    for (const [path, body] of FIRST_STEPS) expect((await api('POST', path, body)).status, path).toBe(200);

    const problems: string[] = [];
    const page = await openDocs(client, [], problems);
    // Every operation with a body or query example is in the walk, and nothing else.
    expect([...new Set(WALK)].sort()).toEqual(Object.keys(operationExamples).sort());

    // Before the token is given, an operation's token field is empty.
    const unitShow = page.locator('.opblock[id$="-showUnit"]');
    await unitShow.locator('.opblock-summary').click();
    await unitShow.locator('.try-out__btn').click();
    expect(await unitShow.locator('tr[data-param-name="api_token"] input').inputValue()).toBe('');

    await page.locator('#pips-api-token').fill(TOKEN);
    await page.locator('.pips-token button[type="submit"]').click();
    await expect.poll(() => page.locator('.pips-token-status').textContent()).toContain('Every operation');
    // Already open, and not yet open: both now carry it.
    expect(await unitShow.locator('tr[data-param-name="api_token"] input').inputValue()).toBe(TOKEN);
    await unitShow.locator('.opblock-summary').click();

    // A sample POST, as the page shows it: the body editor holds the example, and Execute answers 200.
    const sample = await sendUnchanged(page, client, WALK[0]!);
    expect(sample).toMatchObject({ status: 200, url: `${client.url}/api/v2/${TOKEN}/vendor`, shown: expect.stringMatching(/^200/) });
    expect(sample.body).toContain('<name>Northwind Components</name>');

    for (const operationId of WALK.slice(1)) {
      const sent = await sendUnchanged(page, client, operationId);
      expect(sent.status, `${operationId}: ${sent.url} ${sent.body ?? ''}`).toBe(200);
      expect(sent.url.startsWith(`${client.url}/api/v2/${TOKEN}/`), sent.url).toBe(true);
    }

    // The API shows what the examples made.
    const count = async (path: string, element: string) => (await api('GET', path)).text.split(`<${element}>`).length - 1;
    expect(await count('/vendor', 'vendor')).toBe(1);
    expect(await count('/manufacturer', 'manufacturer')).toBe(2);
    expect(await count('/unit', 'unit')).toBe(2);
    expect(await count('/customer', 'customer')).toBe(1);
    expect(await count('/part', 'part')).toBe(2);
    const part = (await api('GET', '/part/1')).text;
    expect(part).toContain('<inventory_price>0.011</inventory_price>');
    expect(await count('/parts/1/revisions', 'part_revision')).toBe(2);
    const stock = (await api('GET', '/part/1/inventory_units')).text;
    expect(stock.split('<inventory_unit>').length - 1).toBe(2);
    expect((await api('GET', '/parts/1/inventory_units/1')).text).toContain('<quantity>85.0</quantity>');

    // The token lived in the page only.
    expect(await page.evaluate('[localStorage.length, sessionStorage.length, document.cookie]')).toEqual([0, 0, '']);
    expect(problems, 'errors in the page').toEqual([]);
  });
});
