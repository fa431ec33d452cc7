import { attachFile, parseAttach, callerContext, createRecord, parseRecord, customerResource, issueToken, parseIssueToken, permissions, type Clock } from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createApp } from './create-app';
import { serve } from './test-client';

const clock: Clock = { now: () => new Date('2026-03-01T10:00:00Z') };

describe('a read-only token', () => {
  it('gets a download link on a store that has no signing key yet, the key made for it, and changes nothing itself', async () => {
    const store = createMemoryStore();
    const blobs = createMemoryBlobStore();
    const operator = callerContext({ store, clock, site: { currency: 'USD' } }, { tokenId: 0, name: 'operator', permissions: new Set(permissions), readOnly: false });
    const customer = (await createRecord(operator, customerResource, parseRecord(customerResource, { name: 'Acme' }))).row.id;
    const file = (async function* () {
      yield new TextEncoder().encode('sheet');
    })();
    const { id } = await attachFile(operator, blobs, parseAttach({ parent: `customer/${customer}`, title: 'Sheet', filename: 'sheet.txt', contentType: 'text/plain' }), file);
    const { token } = await issueToken({ store, clock }, parseIssueToken({ name: 'reader', permissions: [], readOnly: true }));
    const client = await serve(createApp({ store, blobs, clock, timezone: 'UTC', tokenCacheMs: 0 }));
    onTestFinished(() => client.close());
    expect(await store.read((tx) => tx.repo('site_secret').count())).toBe(0);

    const link = await client.request('GET', `/api/v2/${token}/attachments/${id}/download_uri`);
    expect(link.status, link.text).toBe(200);
    expect(await store.read((tx) => tx.repo('site_secret').count())).toBe(1);
    const uri = new URL((/<uri>([^<]*)<\/uri>/.exec(link.text)?.[1] ?? '').replace(/&amp;/g, '&'));
    const served = await client.request('GET', `${uri.pathname}${uri.search}`);
    expect([served.status, served.text]).toEqual([200, 'sheet']);

    const refused = await client.request('POST', `/api/v2/${token}/customer`, '<customer><name>Other</name></customer>', { 'Content-Type': 'application/xml' });
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('<error>\n  <message>This token is read-only: it cannot change data</message>\n</error>');
    expect(await store.read((tx) => tx.repo('customer').count())).toBe(1);
  });
});
