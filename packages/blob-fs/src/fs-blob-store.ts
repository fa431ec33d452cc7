import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { checkExpectedBlob, errors, type BlobStore, type ByteStream } from '@pips/domain';

/** Where writes wait until their last byte is on disk. */
const TEMP = 'tmp';
/** How a read is cut: pieces of this size (the file system's own reads). */
const READ_PIECE = 256 * 1024;
const KEY = /^[0-9a-f]{32}$/;
/** The fan-out directories: two hex characters. */
const FAN = /^[0-9a-f]{2}$/;

/** `dir/ab/abcd…`: two hex characters of fan-out keep any one directory small. */
const pathOf = (dir: string, key: string) => join(dir, key.slice(0, 2), key);

/** A readiness probe's file, beside the fan-out directories; one a crash left is removed at the next open. */
const PROBE = /^\.probe-[0-9a-f]+$/;
/** What a probe writes: a byte needs a block, so a full disk refuses it where an empty file would pass. */
const PROBE_BYTES = Buffer.from('probe\n');

/** The disk (or the user's quota) is full: the domain's `storage_full`, as for a full database. */
const isFull = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes(String((error as NodeJS.ErrnoException).code));

/**
 * Whether a file can be written in `dir` now: a new one created exclusively, a few bytes written,
 * then removed. Where a put renames its files to, so a directory made read-only fails it as a put
 * would; no fsync: a probe every few seconds should not force a journal commit each time.
 */
async function probeWrite(dir: string): Promise<void> {
  const path = join(dir, `.probe-${randomBytes(8).toString('hex')}`);
  const file = await open(path, 'wx', 0o600);
  try {
    await file.write(PROBE_BYTES);
  } finally {
    await file.close().catch(() => undefined);
    await unlink(path).catch(() => undefined);
  }
}

async function removeStaleProbes(dir: string): Promise<void> {
  for (const name of await readdir(dir)) if (PROBE.test(name)) await rm(join(dir, name), { force: true });
}

/**
 * Blobs as files under `dir` (the embedded default's `DATA_DIR/blobs`). A write goes to a temp
 * file, is counted (size, md5) on the way, flushed to disk, and only then renamed into place, so
 * a blob is there whole or not at all; temp files a crash left are removed when the store opens.
 */
export async function openFsBlobStore(dir: string): Promise<BlobStore> {
  const temp = join(dir, TEMP);
  await rm(temp, { recursive: true, force: true });
  // Directories their owner's alone, whatever the umask, as each file is (0600).
  await mkdir(temp, { recursive: true, mode: 0o700 });
  await removeStaleProbes(dir);
  /** Keys whose writer has not released them yet: `list` leaves them out. */
  const held = new Set<string>();

  async function put(content: ByteStream, expect: Parameters<BlobStore['put']>[1]) {
    const key = randomBytes(16).toString('hex');
    const staging = join(temp, key);
    const file = await open(staging, 'wx', 0o600);
    const hash = createHash('md5');
    let size = 0;
    try {
      try {
        for await (const chunk of content) {
          hash.update(chunk);
          size += chunk.byteLength;
          await file.write(chunk);
        }
        await file.sync();
      } finally {
        await file.close();
      }
      const info = { key, size, md5: hash.digest('hex') };
      checkExpectedBlob(info, expect);
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true, mode: 0o700 });
      // Held before it can be seen in place, so no listing ever finds it unheld before its writer is done.
      held.add(key);
      await rename(staging, pathOf(dir, key));
      return info;
    } catch (error) {
      held.delete(key);
      await rm(staging, { force: true });
      throw error;
    }
  }

  return {
    kind: 'files',
    probe: () => probeWrite(dir),
    async put(content, expect) {
      try {
        return await put(content, expect);
      } catch (error) {
        // Nothing is left behind (the temp file is gone); the cause stays for whoever logs it.
        if (isFull(error)) throw Object.assign(errors.storageFull(), { cause: error });
        throw error;
      }
    },
    release(key) {
      held.delete(key);
    },
    async *list({ minAgeMs }) {
      const fans = await readdir(dir, { withFileTypes: true });
      for (const fan of fans) {
        if (!fan.isDirectory() || !FAN.test(fan.name)) continue;
        const names = await readdir(join(dir, fan.name)).catch(() => [] as string[]);
        for (const key of names) {
          if (!KEY.test(key) || held.has(key)) continue;
          // The file's time is its last write, just before it was renamed into place.
          const found = await stat(pathOf(dir, key)).catch(() => null);
          if (found?.isFile() && Date.now() - found.mtimeMs >= minAgeMs && !held.has(key)) yield { key, size: found.size };
        }
      }
    },
    async read(key, range) {
      if (!KEY.test(key)) return null;
      const path = pathOf(dir, key);
      const found = await stat(path).catch(() => null);
      if (!found?.isFile()) return null;
      return createReadStream(path, { start: range?.start ?? 0, end: range?.end, highWaterMark: READ_PIECE });
    },
    async delete(key) {
      held.delete(key);
      if (KEY.test(key)) await rm(pathOf(dir, key), { force: true });
    },
    async close() {},
  };
}

/** Files under `dir` (finished blobs and temp files alike): what a test counts to see nothing was left half written. */
export async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).length;
}
