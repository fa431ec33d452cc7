import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBlobContract } from '@pips/store-contract';
import { describe, expect, it, onTestFinished } from 'vitest';
import { countFiles, openFsBlobStore } from './fs-blob-store';

async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'pips-blobs-'));
}

runBlobContract({
  name: 'file system',
  open: async () => {
    const dir = await scratch();
    return { blobs: await openFsBlobStore(dir), kept: () => countFiles(dir), dispose: () => rm(dir, { recursive: true, force: true }) };
  },
});

describe('openFsBlobStore', () => {
  it('removes the temp files a crash left, and keeps finished blobs', async () => {
    const dir = await scratch();
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const first = await openFsBlobStore(dir);
    const kept = await first.put((async function* () { yield Buffer.from('kept'); })());
    await mkdir(join(dir, 'tmp'), { recursive: true });
    await writeFile(join(dir, 'tmp', 'half-written'), 'cut off');
    await openFsBlobStore(dir);
    expect(existsSync(join(dir, 'tmp', 'half-written'))).toBe(false);
    expect(await countFiles(dir)).toBe(1);
    expect(await first.read(kept.key)).not.toBeNull();
  });

  it('reads nothing outside its directory, whatever the key', async () => {
    const dir = await scratch();
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const blobs = await openFsBlobStore(dir);
    expect(await blobs.read('../../etc/passwd')).toBeNull();
    await blobs.delete('../outside');
  });

  it('holds a blob for its writer in this process only: a later opening, after a crash, lists it; temp files never', async () => {
    const dir = await scratch();
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const crashed = await openFsBlobStore(dir);
    const left = await crashed.put((async function* () { yield Buffer.from('row never written'); })());
    const list = async (blobs: Awaited<ReturnType<typeof openFsBlobStore>>) => {
      const found = [];
      for await (const blob of blobs.list({ minAgeMs: 0 })) found.push(blob);
      return found;
    };
    expect(await list(crashed)).toEqual([]);
    const next = await openFsBlobStore(dir);
    await writeFile(join(dir, 'tmp', '0123456789abcdef0123456789abcdef'), 'half written');
    await mkdir(join(dir, 'zz'));
    await writeFile(join(dir, 'zz', 'not-a-key'), 'stray');
    expect(await list(next)).toEqual([{ key: left.key, size: 'row never written'.length }]);
  });
});
