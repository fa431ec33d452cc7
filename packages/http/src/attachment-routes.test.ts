import { attachFile, parseAttach, ensureToken, permissions, vendorResource, createRecord, parseRecord, type Clock, type Context } from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './create-app';
import { serve, type TestClient } from './test-client';

let client: TestClient;
let id: number;

beforeAll(async () => {
  const store = createMemoryStore();
  const blobs = createMemoryBlobStore();
  const clock: Clock = { now: () => new Date('2026-03-01T10:00:00Z') };
  await ensureToken({ store, clock }, 'secret', 'all');
  const ctx: Context = { store, clock, actor: { tokenId: 0, name: 'test', permissions: new Set(permissions), readOnly: false }, site: { currency: 'USD' } };
  const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Mouser' }))).row.id;
  const bytes = (async function* () {
    yield new TextEncoder().encode('line card');
  })();
  id = (await attachFile(ctx, blobs, parseAttach({ parent: `vendor/${vendor}`, title: 'Line card', filename: 'card.txt', contentType: 'text/plain' }), bytes)).id;
  client = await serve(createApp({ store, blobs, clock, timezone: 'UTC', publicUrl: 'https://pips.example.com/base' }));
});
afterAll(() => client.close());

const uriOf = (xml: string) => /<uri>([^<]*)<\/uri>/.exec(xml)?.[1]?.replace(/&amp;/g, '&') ?? '';

describe('download links with PUBLIC_URL', () => {
  it('are absolute on PUBLIC_URL, not on the host the request came to, and lead to the file there', async () => {
    const reply = await client.request('GET', `/api/v2/secret/attachments/${id}/download_uri`);
    expect(reply.status, reply.text).toBe(200);
    const uri = uriOf(reply.text);
    expect(uri.startsWith(`https://pips.example.com/base/downloads/attachments/${id}?disposition=inline&expires=`)).toBe(true);
    // Behind the proxy PUBLIC_URL names, the path under it reaches this server.
    const served = await client.request('GET', uri.replace('https://pips.example.com/base', ''));
    expect(served.status).toBe(200);
    expect(served.text).toBe('line card');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="card.txt"');
  });
});
