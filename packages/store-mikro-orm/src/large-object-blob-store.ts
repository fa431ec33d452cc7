import { createHash } from 'node:crypto';
import { checkExpectedBlob, errors, type BlobStore, type ByteStream } from '@pips/domain';
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
/** Records listed per statement. */
const LIST_BATCH = 500;
/** `undefined_object`: a large object another connection removed first. */
const GONE = '42704';
/** `disk_full`: the database could not extend a file; the write's transaction is rolled back. */
const DISK_FULL = '53100';

async function query(on: PgClient | PgPool, text: string, values: readonly unknown[] = []): Promise<unknown[][]> {
  return (await on.query({ text, values, rowMode: 'array' })).rows;
}

const isKey = (key: string) => KEY.test(key) && Number(key) <= 4_294_967_295;

async function exists(pool: PgPool, key: string): Promise<boolean> {
  if (!isKey(key)) return false;
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

/** Runs `work` between BEGIN and COMMIT on a connection of its own (ROLLBACK when it throws). */
async function inTransaction<T>(pool: PgPool, work: (client: PgClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await query(client, 'BEGIN');
    try {
      const result = await work(client);
      await query(client, 'COMMIT');
      return result;
    } catch (error) {
      await query(client, 'ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** An error a readiness probe reports by its `code`. */
const refusal = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * Whether a put could write now, in one statement on the pool: a standby (recovery, after a
 * failover to a replica) or a role without INSERT on the blobs' table would refuse it.
 */
async function probeWrite(pool: PgPool): Promise<void> {
  const [[recovering, mayInsert]] = (await query(pool, `SELECT pg_is_in_recovery(), has_table_privilege('large_object_blob', 'INSERT')`)) as [[boolean, boolean]];
  if (recovering) throw refusal('read_only', 'the database is a standby in recovery: it accepts no writes');
  if (!mayInsert) throw refusal('no_privilege', 'this role may not insert into large_object_blob');
}

/**
 * Blobs as PostgreSQL large objects, on the store's own pool: every server process on the
 * database serves the same files (DESIGN 2, scaling out). A write is one transaction
 * (`lo_create`, then `lo_put` per MiB, then its line in `large_object_blob` with the database's
 * time), so a failed or cut-off upload leaves nothing; the key is the object's oid. Reads take
 * `lo_get` pieces outside a transaction. Blobs are listed from `large_object_blob`, by the
 * database's clock, which every server process shares.
 */
export function createLargeObjectBlobStore(pool: PgPool): BlobStore {
  /** Keys whose writer in this process has not released them yet: `list` leaves them out. */
  const held = new Set<string>();
  return {
    kind: 'large_objects',
    probe: () => probeWrite(pool),
    async put(content, expect) {
      let key: string | undefined;
      try {
        return await inTransaction(pool, async (client) => {
          const info = await writeObject(client, content);
          checkExpectedBlob(info, expect);
          await query(client, 'INSERT INTO large_object_blob (oid, size, stored_at) VALUES ($1::bigint, $2::bigint, clock_timestamp())', [info.key, info.size]);
          // Held before COMMIT makes it visible to any listing.
          key = info.key;
          held.add(key);
          return info;
        });
      } catch (error) {
        if (key !== undefined) held.delete(key);
        // A full disk is the domain's `storage_full`, as for the store's own writes; the transaction left nothing.
        if ((error as { code?: unknown }).code === DISK_FULL) throw Object.assign(errors.storageFull(), { cause: error });
        throw error;
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
    release(key) {
      held.delete(key);
    },
    async *list({ minAgeMs }) {
      // Keyset pages by oid, each its own statement: no transaction is held while the caller works.
      for (let after = '0'; ; ) {
        const rows = (await query(
          pool,
          `SELECT oid::text, size::text FROM large_object_blob
            WHERE oid > $1::bigint AND stored_at <= clock_timestamp() - make_interval(secs => $2::double precision / 1000)
            ORDER BY oid LIMIT ${LIST_BATCH}`,
          [after, minAgeMs],
        )) as Array<[string, string]>;
        for (const [key, size] of rows) if (!held.has(key)) yield { key, size: Number(size) };
        if (rows.length < LIST_BATCH) return;
        after = rows.at(-1)![0];
      }
    },
    async delete(key) {
      held.delete(key);
      if (!isKey(key)) return;
      try {
        // The record's row lock queues a second delete of the same blob behind the first, which then finds nothing.
        await inTransaction(pool, async (client) => {
          await query(client, 'DELETE FROM large_object_blob WHERE oid = $1::bigint', [key]);
          await query(client, 'SELECT lo_unlink(oid) FROM pg_largeobject_metadata WHERE oid = $1::oid', [key]);
        });
      } catch (error) {
        if ((error as { code?: unknown }).code !== GONE) throw error;
      }
    },
    async close() {},
  };
}
