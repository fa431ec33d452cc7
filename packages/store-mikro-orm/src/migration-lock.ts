import pg from 'pg';
import { pgClientOptionsOf, type PgTls } from './pg-tls';

/**
 * The advisory lock key every PIPS process takes around migrating a PostgreSQL database:
 * `PIPS` in the high 32 bits, 1 in the low, so it stays clear of keys other tools pick.
 */
export const MIGRATION_LOCK_KEY = '5785243513746620417';

/**
 * Runs `work` (the migrator) while this process holds the database's migration lock: a
 * session-level `pg_advisory_lock` on a connection of its own, outside the ORM's pool (a pool of
 * one would leave the migrator nothing to run on). A second process starting beside it waits
 * here, then finds nothing pending. The lock goes when the session ends, so a process that dies
 * mid-migration never leaves it held; on any other failure it is released and the session closed.
 */
export async function withMigrationLock<T>(database: { url: string; tls: PgTls }, work: () => Promise<T>): Promise<T> {
  // TLS as the pool has it: node-postgres would read the URL's sslmode its own (non-libpq) way.
  const session = new pg.Client(pgClientOptionsOf(database.url, database.tls));
  // A connection lost while idle is an event, not a rejection: without a listener it would end the process.
  session.on('error', () => undefined);
  await session.connect();
  try {
    await session.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    try {
      return await work();
    } finally {
      // Closing the session below releases it too; a failed unlock must not hide what `work` threw.
      await session.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await session.end().catch(() => undefined);
  }
}
