import { expect, it } from 'vitest';
import {
  attachFile,
  createRecord,
  detachFile,
  ensureToken,
  issueToken,
  parseAttach,
  parseIssueToken,
  parseRecord,
  parseUpdateToken,
  revokeToken,
  rotateSiteSecret,
  siteSecret,
  updateToken,
  vendorResource,
  type BlobStore,
  type ByteStream,
} from '@pips/domain';
import { partContext } from './part-setting.test-helper';
import { describeStatementCounts } from './statement-count.test-helper';

// How many statements token and attachment writes send: pinned. BEGIN and COMMIT are not counted.

/** Bytes kept in memory: an attach's blob statements are not the row store's. */
function memoryBlobs(): BlobStore {
  const kept = new Map<string, Uint8Array[]>();
  let next = 0;
  return {
    kind: 'memory',
    probe: () => Promise.resolve(),
    async put(content: ByteStream) {
      const chunks: Uint8Array[] = [];
      for await (const chunk of content) chunks.push(chunk);
      const key = `blob-${++next}`;
      kept.set(key, chunks);
      return { key, size: chunks.reduce((size, chunk) => size + chunk.length, 0), md5: '0'.repeat(32) };
    },
    release: () => undefined,
    async *list() {},
    read: async () => null,
    delete: async (key) => void kept.delete(key),
    close: async () => undefined,
  };
}

async function* bytes(text: string): ByteStream {
  yield new TextEncoder().encode(text);
}

describeStatementCounts('statements per token and attachment write', ({ open, counted }) => {
  async function setUp() {
    const store = await open();
    const { ctx } = await partContext(store);
    return { ctx, deps: { store, clock: ctx.clock } };
  }

  it('issues, updates, revokes and ensures a token in two statements each: the read, then the plan', async () => {
    const { deps } = await setUp();
    // The live namesake looked for, then the insert; refused on the first when the name is taken.
    expect(await counted(() => issueToken(deps, parseIssueToken({ name: 'ops', permissions: ['manage_data'] })))).toBe(2);
    expect(await counted(() => issueToken(deps, parseIssueToken({ name: 'ops', permissions: [] })).catch(() => undefined))).toBe(1);
    // The tokens the name or id may name, locked, then the update; none when nothing changes.
    const update = (readOnly: boolean) => updateToken(deps, parseUpdateToken({ nameOrId: 'ops', add: [], remove: [], readOnly, readWrite: !readOnly }));
    expect(await counted(() => update(true))).toBe(2);
    expect(await counted(() => update(true))).toBe(1);
    // The live tokens it may name, locked, then one update each; none when it names none.
    await issueToken(deps, parseIssueToken({ name: 'ci', permissions: [] }));
    expect(await counted(() => revokeToken(deps, 'ops'))).toBe(2);
    expect(await counted(() => revokeToken(deps, 'ops'))).toBe(1);
    // The token of the hash, then the insert or the update.
    expect(await counted(() => ensureToken(deps, 'bootstrap-secret', 'bootstrap'))).toBe(2);
    await revokeToken(deps, 'bootstrap');
    expect(await counted(() => ensureToken(deps, 'bootstrap-secret', 'bootstrap'))).toBe(2);
  });

  it('attaches in four statements, detaches in two, and keeps a site secret in one or two', async () => {
    const { ctx, deps } = await setUp();
    const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Digi' }))).row.id;
    const blobs = memoryBlobs();
    const attach = () => attachFile(ctx, blobs, parseAttach({ parent: `vendor/${vendor}`, title: 'Datasheet', filename: 'ds.pdf', contentType: 'application/pdf' }), bytes('%PDF'));
    // Before the bytes, the owner looked for; in the transaction the owner locked, the last
    // position (read apart: read with the lock it would miss an attach committed meanwhile), the insert.
    expect(await counted(attach)).toBe(4);
    const second = await attach();
    expect(second.position).toBe(2);
    expect(await counted(attach)).toBe(4);
    // The row locked (its event names its owner; none for a 404), then the delete with its event.
    expect(await counted(() => detachFile(ctx, blobs, second.id))).toBe(2);
    expect(await counted(() => detachFile(ctx, blobs, second.id).catch(() => undefined))).toBe(1);
    // The first: read, insert, read back (the one stored first wins a race); then one read.
    expect(await counted(() => siteSecret(deps, 'link_key', () => 'first'))).toBe(3);
    expect(await counted(() => siteSecret(deps, 'link_key', () => 'unused'))).toBe(1);
    // The secret locked, then the update.
    expect(await counted(() => rotateSiteSecret(deps, 'link_key', () => 'second'))).toBe(2);
    expect(await siteSecret(deps, 'link_key', () => 'unused')).toBe('second');
  });
});
