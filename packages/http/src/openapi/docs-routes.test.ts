import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ensureToken, type Clock } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { createApp } from '../create-app';
import { serve, type TestClient } from '../test-client';
import { docsAssets } from './docs-assets';

let client: TestClient;
const clock: Clock = { now: () => new Date('2016-01-25T04:11:47Z') };

beforeAll(async () => {
  const store = createMemoryStore();
  await ensureToken({ store, clock }, 'secret', 'test');
  client = await serve(createApp({ store, clock, timezone: 'UTC' }));
});
afterAll(() => client.close());

const version = docsAssets().version;

/** `GET /openapi.json` sent with its own Host header, which fetch does not let a caller set. */
function withHost(host: string): Promise<{ text: string; etag: string | undefined }> {
  const { port } = new URL(client.url);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: '127.0.0.1', port, path: '/openapi.json', headers: { Host: host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ text: Buffer.concat(chunks).toString('utf8'), etag: answer.headers.etag }));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('GET /openapi.json', () => {
  it('serves the description as JSON, outside the token prefix, the same each time, revalidated by its ETag', async () => {
    const first = await client.request('GET', '/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const document = JSON.parse(first.text) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/v2/{api_token}/part/{id}');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await client.request('GET', '/openapi.json')).text).toBe(first.text);
    const again = await client.request('GET', '/openapi.json', undefined, { 'If-None-Match': etag! });
    expect([again.status, again.text]).toEqual([304, '']);
  });

  it('names as its server the origin the request came to, each with its own ETag', async () => {
    const servers = (text: string) => (JSON.parse(text) as { servers: unknown }).servers;
    const here = await client.request('GET', '/openapi.json');
    expect(servers(here.text)).toEqual([{ url: client.url, description: 'This server' }]);
    const port = new URL(client.url).port;
    const named = await withHost(`pips.internal:${port}`);
    expect(servers(named.text)).toEqual([{ url: `http://pips.internal:${port}`, description: 'This server' }]);
    expect(named.etag).not.toBe(here.headers.get('etag'));
    // Only the server differs.
    expect(named.text.replace(`http://pips.internal:${port}`, client.url)).toBe(here.text);
    // A Host header that makes no URL gets `/`, the server the document is read from.
    expect(servers((await withHost('bad host"<')).text)).toEqual([{ url: '/', description: 'This server' }]);
  });

  it('names PUBLIC_URL as its server when it is set, whatever the request came to', async () => {
    const store = createMemoryStore();
    const behind = await serve(createApp({ store, clock, timezone: 'UTC', publicUrl: 'https://pips.internal/' }));
    onTestFinished(() => behind.close());
    const answer = await behind.request('GET', '/openapi.json');
    expect((JSON.parse(answer.text) as { servers: unknown }).servers).toEqual([{ url: 'https://pips.internal', description: 'This server' }]);
  });

  it('is no route under the token prefix, nor for another method', async () => {
    expect((await client.request('GET', '/api/v2/secret/openapi.json')).status).toBe(404);
    expect((await client.request('POST', '/openapi.json')).status).toBe(404);
  });
});

describe('GET /docs', () => {
  it('serves a page that loads only this server\'s files', async () => {
    const page = await client.request('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    const sources = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources).toContain(`/docs/assets/${version}/swagger-ui-bundle.js`);
    expect(sources.every((source) => source.startsWith('/docs/')), sources.join(' ')).toBe(true);
    expect((await client.request('GET', '/docs/')).text).toBe(page.text);
    const init = await client.request('GET', '/docs/init.js');
    expect(init.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(init.text).toContain("url: '/openapi.json'");
    expect(init.text).toContain('validatorUrl: null');
    expect(init.text).toContain('plugins: [apiTokenPlugin]');
  });

  it("streams the renderer's files from the installed package, kept for a year under their version", async () => {
    const script = await client.request('GET', `/docs/assets/${version}/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(script.headers.get('content-length'))).toBe(Buffer.byteLength(script.text));
    expect(script.text).toContain('SwaggerUIBundle');
    const style = await client.request('GET', `/docs/assets/${version}/swagger-ui.css`);
    expect([style.status, style.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
  });

  it('serves no other file: another version, another name, a path outside the package', async () => {
    for (const path of [
      '/docs/assets/0.0.1/swagger-ui-bundle.js',
      `/docs/assets/${version}/package.json`,
      `/docs/assets/${version}/..%2Fpackage.json`,
      `/docs/assets/${version}/index.html`,
      '/docs/other',
    ]) {
      expect((await client.request('GET', path)).status, path).toBe(404);
    }
  });
});
