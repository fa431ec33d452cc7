import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { BLOCK, readTarHeader } from './tar-format';

/** A part of the archive; its body must be read (or skipped) before the next part is asked for. */
export interface ArchivePart {
  readonly name: string;
  readonly size: number;
  readonly body: AsyncIterable<Buffer>;
}

/** What is wrong with a backup file, said in one line. */
export class BackupDamaged extends Error {
  override readonly name = 'BackupDamaged';
}

/** zlib's words for a stream cut short or altered, as an operator needs them. */
function damage(error: unknown): Error {
  if (error instanceof BackupDamaged) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(String((error as Error).message))) return new BackupDamaged('the backup is cut short (truncated)');
  if (code.startsWith('Z_')) return new BackupDamaged(`the backup is damaged: its compressed data does not decode (${(error as Error).message})`);
  return error instanceof Error ? error : new Error(String(error));
}

/** Exact reads over a stream of chunks. */
function byteReader(source: AsyncIterator<Buffer>) {
  let held: Buffer = Buffer.alloc(0);
  async function more(): Promise<boolean> {
    let next: IteratorResult<Buffer>;
    try {
      next = await source.next();
    } catch (error) {
      throw damage(error);
    }
    if (next.done) return false;
    held = held.length === 0 ? next.value : Buffer.concat([held, next.value]);
    return true;
  }
  return {
    async exactly(n: number): Promise<Buffer> {
      while (held.length < n) if (!(await more())) throw new BackupDamaged('the backup is cut short (truncated)');
      const out = held.subarray(0, n);
      held = held.subarray(n);
      return out;
    },
    async *pieces(n: number): AsyncGenerator<Buffer> {
      let left = n;
      while (left > 0) {
        if (held.length === 0 && !(await more())) throw new BackupDamaged('the backup is cut short (truncated)');
        const piece = held.subarray(0, Math.min(left, held.length));
        held = held.subarray(piece.length);
        left -= piece.length;
        yield piece;
      }
    },
    /** Whether anything but zeros follows. */
    async restIsZero(): Promise<boolean> {
      for (;;) {
        if (held.some((byte) => byte !== 0)) return false;
        held = Buffer.alloc(0);
        if (!(await more())) return true;
      }
    },
  };
}

/** The parts of the gzip'd tar at `path`, in order; a damaged or cut-short file throws `BackupDamaged`. */
export async function* readArchive(path: string): AsyncGenerator<ArchivePart> {
  const gunzip = createReadStream(path).on('error', (error) => gunzip.destroy(error)).pipe(createGunzip());
  const chunks = gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const reader = byteReader(chunks);
  try {
    for (;;) {
      const header = readTarHeader(await reader.exactly(BLOCK));
      if (header === null) {
        await reader.exactly(BLOCK);
        if (!(await reader.restIsZero())) throw new BackupDamaged('the backup has data past its end');
        return;
      }
      let consumed = false;
      const body = reader.pieces(header.size);
      yield {
        ...header,
        body: (async function* () {
          consumed = true;
          yield* body;
        })(),
      };
      if (!consumed) for await (const piece of body) void piece;
      await reader.exactly((BLOCK - (header.size % BLOCK)) % BLOCK);
    }
  } catch (error) {
    throw damage(error);
  } finally {
    gunzip.destroy();
  }
}
