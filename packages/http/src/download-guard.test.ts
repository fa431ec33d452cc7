import { attachFile, parseAttach, ensureToken, permissions, vendorResource, createRecord, parseRecord, siteSecret, type Clock, type Context } from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_KEY_NAME } from './attachment-links/link-key';
import { grantQuery, signGrant } from './attachment-links/link-signature';
import { createApp } from './create-app';
import { serve, type TestClient } from './test-client';

const NOW = new Date('2026-03-01T10:00:00Z');
let client: TestClient;
let key: Buffer;
const ids: Record<string, number> = {};

/** Files as an operator might attach them: pages, images, scripts, and a type that is none. */
interface FileSpec {
  readonly filename: string;
  readonly contentType: string;
  readonly body: string;
  readonly stored?: string;
}
const files = {
  page: { filename: 'notes.html', contentType: 'text/html', body: '<script>alert(document.domain)</script>' },
  drawing: { filename: 'logo.svg', contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>' },
  script: { filename: 'tool.js', contentType: 'text/javascript', body: 'alert(1)' },
  feed: { filename: 'feed.xml', contentType: 'application/rss+xml', body: '<rss/>' },
  // Attached as text, then given a type that is none, as a row stored before types were checked may hold.
  unnamed: { filename: 'odd', contentType: 'text/plain', body: '<script>1</script>', stored: 'html' },
  text: { filename: 'card.txt', contentType: 'text/plain', body: 'line card' },
  datasheet: { filename: 'ds.pdf', contentType: 'application/pdf', body: '%PDF-1.7' },
} satisfies Record<string, FileSpec>;

beforeAll(async () => {
  const store = createMemoryStore();
  const blobs = createMemoryBlobStore();
  const clock: Clock = { now: () => NOW };
  await ensureToken({ store, clock }, 'secret', 'all');
  const ctx: Context = { store, clock, actor: { tokenId: 0, name: 'test', permissions: new Set(permissions), readOnly: false }, site: { currency: 'USD' } };
  const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Mouser' }))).row.id;
  for (const [name, file] of Object.entries(files)) {
    const bytes = (async function* () {
      yield new TextEncoder().encode(file.body);
    })();
    ids[name] = (await attachFile(ctx, blobs, parseAttach({ parent: `vendor/${vendor}`, title: name, filename: file.filename, contentType: file.contentType }), bytes)).id;
    const { stored } = file as FileSpec;
    if (stored !== undefined) await store.transaction((tx) => tx.repo('attachment').update(ids[name]!, { content_type: stored }));
  }
  client = await serve(createApp({ store, blobs, clock, timezone: 'UTC' }));
  // The key as the app keeps it: links signed with it by hand are what a link made before this rule was.
  await client.request('GET', `/api/v2/secret/attachments/${ids.text}/download_uri`);
  key = Buffer.from(await siteSecret({ store, clock }, LINK_KEY_NAME, () => 'unused'), 'base64url');
});
afterAll(() => client.close());

const uriOf = (xml: string) => /<uri>([^<]*)<\/uri>/.exec(xml)?.[1]?.replace(/&amp;/g, '&') ?? '';
const pathOf = (uri: string) => uri.replace(/^https?:\/\/[^/]+/, '');

/** A link signed with the app's own key for `disposition`, as one made before the rule could be. */
function signed(id: number, disposition: 'inline' | 'attachment'): string {
  const grant = { id, disposition, expires: NOW.getTime() + 5 * 60_000 };
  return `/downloads/attachments/${id}?${grantQuery(grant, signGrant(key, grant))}`;
}

function expectGuarded(headers: Headers): void {
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('content-security-policy')).toBe('sandbox');
}

describe('downloads', () => {
  it('carry nosniff and a sandbox on every answer: the file, a range, not modified, out of range, refused', async () => {
    const link = signed(ids.text!, 'inline');
    const answers = [
      await client.request('GET', link),
      await client.request('GET', link, undefined, { range: 'bytes=0-3' }),
      await client.request('GET', link, undefined, { 'if-none-match': '*' }),
      await client.request('GET', link, undefined, { range: 'bytes=500-' }),
      // The signature's first character changed (to another one: it may have been a 0 already).
      await client.request('GET', link.replace(/signature=(.)/, (_, first: string) => `signature=${first === '0' ? '1' : '0'}`)),
      await client.request('HEAD', link),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 206, 304, 416, 403, 200]);
    for (const answer of answers) expectGuarded(answer.headers);
  });

  it('of a page, a drawing, a script, an XML feed or a type that is none are downloads, whatever the link asks', async () => {
    for (const name of ['page', 'drawing', 'script', 'feed', 'unnamed'] as const) {
      const handedOut = uriOf((await client.request('GET', `/api/v2/secret/attachments/${ids[name]}/download_uri?content_disposition=inline`)).text);
      expect(handedOut, name).toContain('disposition=attachment&');
      for (const link of [pathOf(handedOut), signed(ids[name]!, 'inline')]) {
        const served = await client.request('GET', link);
        expect(served.status, name).toBe(200);
        expect(served.headers.get('content-disposition'), name).toBe(`attachment; filename="${files[name].filename}"`);
        expectGuarded(served.headers);
      }
    }
    // Koa would read a bare `html` as a file extension and send text/html: it is sent as bytes.
    const odd = await client.request('GET', signed(ids.unnamed!, 'inline'));
    expect(odd.headers.get('content-type')).toBe('application/octet-stream');
    expect((await client.request('GET', signed(ids.page!, 'inline'))).headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('of text, a PDF or an image stay inline when asked', async () => {
    for (const name of ['text', 'datasheet'] as const) {
      const handedOut = uriOf((await client.request('GET', `/api/v2/secret/attachments/${ids[name]}/download_uri`)).text);
      expect(handedOut, name).toContain('disposition=inline&');
      const served = await client.request('GET', pathOf(handedOut));
      expect(served.headers.get('content-disposition'), name).toBe(`inline; filename="${files[name].filename}"`);
      expectGuarded(served.headers);
    }
  });
});
