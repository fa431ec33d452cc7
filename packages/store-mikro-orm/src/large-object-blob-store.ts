import { createHash } from 'node:crypto';
import { checkExpectedBlob, type BlobStore, type ByteStream } from '@pips/domain';
import type { PgClient, PgPool } from './sql/session';

/** Bytes sent per `lo_put`: small pieces coalesce, so a write costs a statement per MiB. */
const WRITE_PIECE = 1_048_576;
/**
 * Bytes read per `lo_get`: a read streams in pieces this size. A bytea arrives hex-encoded, a
 * string twice the piece's size, all of it garbage a moment later: with 256 KiB pieces serving
 * 50 MB grew the server by 100 MB (V8's young generation growing to keep up), with 16 KiB by 24.
 */
const READ_PIECE = 16 * 1024;
const KEY = /^[1-9]\d{0,9}$/;

async function query(on: PgClient | PgPool, text: string, values: readonly unknown[] = []): Promise<unknown[][]> {
  return (await on.query({ text, values, rowMode: 'array' })).rows;
}

async function exists(pool: PgPool, key: string): Promise<boolean> {
  if (!KEY.test(key) || Number(key) > 4_294_967_295) return false;
  return (await query(pool, 'SELECT 1 FROM pg_largeobject_metadata WHERE oid = $1::oid', [key])).length > 0;
}

/** Writes `content` into a new large object inside the client's open transaction; answers its oid, size and md5. */
async function writeObject(client: PgClient, content: ByteStream): Promise<{ key: string; size: number; md5: string }> {
  const [[key]] = (await query(client, 'SELECT lo_create(0)::text')) as [[string]];
  const hash = createHash('md5');
  let size = 0;
  let written = 0;
  let pending: Buffer[] = [];
  const flush = async () => {
    if (size === written) return;
    const piece = Buffer.concat(pending);
    await query(client, 'SELECT lo_put($1::oid, $2::bigint, $3::bytea)', [key, written, piece]);
    written += piece.length;
    pending = [];
  };
  for await (const chunk of content) {
    hash.update(chunk);
    size += chunk.byteLength;
    pending.push(Buffer.from(chunk));
    if (size - written >= WRITE_PIECE) await flush();
  }
  await flush();
  return { key, size, md5: hash.digest('hex') };
}

/**
 * Blobs as PostgreSQL large objects, on the store's own pool: every server process on the
 * database serves the same files (DESIGN 2, scaling out), with no table of ours to declare. A
 * write is one transaction (`lo_create`, then `lo_put` per MiB), so a failed or cut-off upload
 * leaves nothing; the key is the object's oid. Reads take `lo_get` pieces outside a transaction.
 */
export function createLargeObjectBlobStore(pool: PgPool): BlobStore {
  return {
    async put(content, expect) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await query(client, 'BEGIN');
        try {
          const info = await writeObject(client, content);
          checkExpectedBlob(info, expect);
          await query(client, 'COMMIT');
          return info;
        } catch (error) {
          await query(client, 'ROLLBACK').catch((rollbackError: unknown) => {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
          throw error;
        }
      } finally {
        client.release(broken);
      }
    },
    async read(key, range) {
      if (!(await exists(pool, key))) return null;
      const start = range?.start ?? 0;
      const end = range ? range.end + 1 : Number.POSITIVE_INFINITY;
      return (async function* () {
        for (let at = start; at < end; ) {
          const length = Math.min(READ_PIECE, end - at);
          const [[piece]] = (await query(pool, 'SELECT lo_get($1::oid, $2::bigint, $3::int)', [key, at, length])) as [[Buffer]];
          if (piece.length > 0) yield piece;
          // A short piece is the object's end (a whole read does not know the size up front).
          if (piece.length < length) return;
          at += piece.length;
        }
      })();
    },
    async delete(key) {
      if (await exists(pool, key)) await query(pool, 'SELECT lo_unlink(oid) FROM pg_largeobject_metadata WHERE oid = $1::oid', [key]);
    },
    async close() {},
  };
}
