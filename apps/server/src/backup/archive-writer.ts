import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { END, padding, tarHeader } from './tar-format';

/** A part as the manifest lists it. */
export interface PartSum {
  readonly name: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface ArchiveWriter {
  /** Adds a part of exactly `size` bytes; answers its checksum. A body of another length fails the backup. */
  add(name: string, size: number, body: AsyncIterable<Uint8Array> | Uint8Array): Promise<PartSum>;
  /** Ends the archive and waits for every byte to be on disk. */
  finish(): Promise<void>;
  /** Stops writing after a failure; the caller removes the file. */
  abort(): Promise<void>;
  /** Bytes written so far, compressed. */
  written(): number;
}

/** A gzip'd tar written to `path`, created new (never over another file), private to its owner (0600). */
export function writeArchive(path: string, now: Date): ArchiveWriter {
  const gzip = createGzip();
  const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  const done = pipeline(gzip, file);
  // A failure shows at the next write or at the end; meanwhile it must not go unhandled.
  done.catch(() => undefined);
  const write = async (chunk: Uint8Array) => {
    if (!gzip.write(chunk)) await Promise.race([once(gzip, 'drain'), done]);
  };
  return {
    async add(name, size, body) {
      await write(tarHeader(name, size, now));
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of body instanceof Uint8Array ? [body] : body) {
        bytes += chunk.byteLength;
        if (bytes > size) break;
        hash.update(chunk);
        await write(chunk);
      }
      if (bytes !== size) throw new Error(`${name} changed while it was read: ${bytes} bytes where ${size} were expected`);
      await write(padding(size));
      return { name, bytes, sha256: hash.digest('hex') };
    },
    async finish() {
      await write(END);
      gzip.end();
      await done;
    },
    async abort() {
      gzip.destroy();
      await done.catch(() => undefined);
    },
    written: () => file.bytesWritten,
  };
}
