import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { checkExpectedBlob, type BlobStore, type ByteStream } from '@pips/domain';

/** Where writes wait until their last byte is on disk. */
const TEMP = 'tmp';
/** How a read is cut: pieces of this size (the file system's own reads). */
const READ_PIECE = 256 * 1024;
const KEY = /^[0-9a-f]{32}$/;
/** The fan-out directories: two hex characters. */
const FAN = /^[0-9a-f]{2}$/;

/** `dir/ab/abcd…`: two hex characters of fan-out keep any one directory small. */
const pathOf = (dir: string, key: string) => join(dir, key.slice(0, 2), key);

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
  /** Keys whose writer has not released them yet: `list` leaves them out. */
  const held = new Set<string>();
  return {
    async put(content: ByteStream, expect) {
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
