import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rename, rm, writeFile, mkdir } from 'node:fs/promises';
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

const bytes = (text: string) => (async function* () { yield Buffer.from(text); })();

describe('openFsBlobStore probe', () => {
  it('writes and removes a file, fails where a put would, and a probe file a crash left goes at the next open', async () => {
    const dir = await scratch();
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, '.probe-0123abcd'), 'left by a crash');
    const blobs = await openFsBlobStore(dir);
    expect(blobs.kind).toBe('files');
    await blobs.probe();
    expect((await readdir(dir)).sort()).toEqual(['tmp']);
    // The directory replaced by a file (root ignores permission bits, so this is what fails for it too).
    const aside = `${dir}-aside`;
    await rename(dir, aside);
    onTestFinished(() => rm(aside, { recursive: true, force: true }));
    await writeFile(dir, 'not a directory');
    await expect(blobs.probe()).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(blobs.put(bytes('x'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    await rm(dir);
    await rename(aside, dir);
    await blobs.probe();
  });
});

/** Mounting needs root (CAP_SYS_ADMIN); elsewhere the case is skipped, saying so. */
const canMount = process.getuid?.() === 0;
if (!canMount) console.warn('[fs-blob-store] full-disk case skipped: mounting a tmpfs needs root');

describe.skipIf(!canMount)('openFsBlobStore on a full disk', () => {
  it('refuses a put as storage_full, leaves nothing, fails its probe, and stores again once space is freed', async () => {
    const dir = await scratch();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir]);
    onTestFinished(async () => {
      execFileSync('umount', ['-l', dir]);
      await rm(dir, { recursive: true, force: true });
    });
    const blobs = await openFsBlobStore(join(dir, 'blobs'));
    const filler = join(dir, 'filler');
    await writeFile(filler, Buffer.alloc(4 << 20)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOSPC') throw error;
    });
    await expect(blobs.put(bytes('a'.repeat(64 * 1024)))).rejects.toMatchObject({ code: 'storage_full', message: 'The database has no space left to write; nothing was changed' });
    await expect(blobs.probe()).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await countFiles(join(dir, 'blobs'))).toBe(0);
    await rm(filler);
    await blobs.probe();
    const kept = await blobs.put(bytes('room again'));
    expect(kept.size).toBe(10);
  });
});
