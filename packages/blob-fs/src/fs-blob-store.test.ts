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
});
