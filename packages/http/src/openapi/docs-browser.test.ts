import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureToken, type Clock } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { apiRouteList } from '../api-routes';
import { createApp } from '../create-app';
import { ensureChromium, openBrowser, type Browser } from '../test-chromium';
import { serve, type TestClient } from '../test-client';
import { outsidePaths } from './outside-operations';

let client: TestClient;
let browser: Browser;

beforeAll(async () => {
  ensureChromium();
  const store = createMemoryStore();
  const clock: Clock = { now: () => new Date('2016-01-25T04:11:47Z') };
  await ensureToken({ store, clock }, 'secret', 'test');
  client = await serve(createApp({ store, clock, timezone: 'UTC' }));
  browser = await openBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await client?.close();
});

describe('the docs page in Chromium', () => {
  it('lists every operation of the route table and the routes outside it, loading nothing from elsewhere', { timeout: 120_000 }, async () => {
    const page = await browser.context.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${client.url}/docs`);
    await page.locator('.opblock').first().waitFor({ timeout: 60_000 });
    const routes = apiRouteList();
    const outside = Object.entries(outsidePaths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    const expected = [...routes.map((route) => `${route.method} /api/v2/{api_token}${route.path.replace(/:(\w+)/g, '{$1}')}`), ...outside];
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
    await page.close();
  });
});
