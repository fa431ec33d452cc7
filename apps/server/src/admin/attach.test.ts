import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRecord, parseRecord, permissions, systemClock, vendorResource, type Store } from '@pips/domain';
import { createMemoryBlobStore, createMemoryStore, type MemoryBlobStore } from '@pips/store-memory';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../cli-program';

let store: Store;
let blobs: MemoryBlobStore;
let out: string;
let err: string;

// One store and blob store for every command of a test, as a database would be.
const cli = (...argv: string[]) =>
  runCli(argv, {
    env: { DATABASE_URL: 'memory:' },
    out: (t) => (out += t),
    err: (t) => (err += t),
    openStore: async () => ({ store: { ...store, description: store.description, close: async () => {} }, blobs, description: 'memory' }),
  });

async function file(name: string, bytes: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'pips-attach-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

beforeEach(() => {
  store = createMemoryStore();
  blobs = createMemoryBlobStore();
  out = '';
  err = '';
});

describe('pips attach and detach', () => {
  it('attaches a file to a record, its type guessed from its name', async () => {
    const ctx = { store, clock: systemClock, actor: { tokenId: 0, name: 'seed', permissions: new Set(permissions), readOnly: false }, site: { currency: 'USD' } };
    const vendor = (await createRecord(ctx, vendorResource, parseRecord(vendorResource, { name: 'Mouser' }))).row.id;
    const bytes = Buffer.from('%PDF-1.7 line card');
    const path = await file('line card.pdf', bytes);
    expect(await cli('attach', '--parent', `vendor/${vendor}`, '--title', 'Line card', '--note-type', 'linecard', path)).toBe(0);
    const md5 = createHash('md5').update(bytes).digest('hex');
    expect(out).toBe(`attachment 1: ${bytes.length} bytes, md5 ${md5}, on vendor/${vendor}\n`);
    const [row] = await store.read((tx) => tx.repo('attachment').find());
    expect(row).toMatchObject({ parent_reference: `vendor/${vendor}`, title: 'Line card', note_type: 'linecard', filename: 'line card.pdf', content_type: 'application/pdf', created_by: 'pips cli', md5 });
    expect(blobs.count()).toBe(1);
    out = '';
    expect(await cli('detach', String(row!.id))).toBe(0);
    expect(out).toBe(`detached attachment ${row!.id} from vendor/${vendor}\n`);
    expect(blobs.count()).toBe(0);
    expect(await cli('detach', String(row!.id))).toBe(1);
    expect(err).toBe(`error: Couldn't find Attachment with 'id'=${row!.id}\n`);
  });

  it('refuses an owner that is not there, keeping nothing', async () => {
    const path = await file('notes.txt', Buffer.from('hello'));
    expect(await cli('attach', '--parent', 'part/7', '--title', 'Notes', path)).toBe(1);
    expect(err).toBe('error: Part must exist\n');
    expect(await cli('attach', '--parent', 'shelf/7', '--title', 'Notes', path)).toBe(1);
    expect(err).toContain('error: Parent must name a record as part/ID');
    expect(blobs.count()).toBe(0);
    expect(await store.read((tx) => tx.repo('attachment').count())).toBe(0);
  });
});
