// The test kits and the adapters, as another service runs them: from the installed packages.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authenticate, issueToken, parseIssueToken } from '@pips/domain';
import { openFsBlobStore } from '@pips/blob-fs';
import { runBlobContract, runStoreContract } from '@pips/store-contract';
import { createMemoryStore } from '@pips/store-memory';
import { migrateDatabase, openMikroOrmStore } from '@pips/store-mikro-orm';
import { openInTest, pgliteDataDir } from '@pips/store-mikro-orm/test';

runStoreContract({
  name: 'memory store, installed',
  capabilities: { concurrentWriters: false, retriesOnDeadlock: false, persistent: false },
  open: async () => createMemoryStore(),
});

async function countFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).length;
}

runBlobContract({
  name: 'file system, installed',
  open: async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pips-consumer-blobs-'));
    return { blobs: await openFsBlobStore(dir), kept: () => countFiles(dir), dispose: () => rm(dir, { recursive: true, force: true }) };
  },
});

describe('embedded database from the installed adapter', () => {
  it('migrates a fresh database with every migration the package carries, then serves the domain', async () => {
    const dataDir = await pgliteDataDir('initialised');
    const { applied } = await migrateDatabase({ dataDir });
    expect(applied).toEqual(JSON.parse(process.env.PIPS_EXPECTED_MIGRATIONS ?? 'null'));
    expect(await migrateDatabase({ dataDir })).toEqual({ applied: [] });

    const clock = { now: () => new Date('2024-05-06T07:08:09Z') };
    const store = await openInTest(() => openMikroOrmStore({ dataDir }));
    const { token } = await issueToken({ store, clock }, parseIssueToken({ name: 'consumer', permissions: ['view_inventory'] }));
    const principal = await authenticate({ store, clock }, token);
    expect(principal).toMatchObject({ name: 'consumer' });
    expect([...principal.permissions]).toEqual(['view_inventory']);
  });
});
