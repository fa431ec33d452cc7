import type { BlobStore, Store } from '@pips/domain';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { resolveEngine, type MikroOrmStoreOptions } from './engine';
import { runMigrations } from './migrate';
import { createLargeObjectBlobStore } from './large-object-blob-store';
import { createMikroOrmStore, type DatabaseThreadState } from './mikro-orm-store';
import type { MigrationLevel } from './migration-level';
import { openOrm } from './open-orm';
import { poolStatsOf, type PoolStats } from './pool-stats';
import { postgresRateLimiter, type RateLimitOptions } from './postgres-rate-limiter';
import type { PgPool } from './sql/session';
import type { DatabaseCopy } from './backup/database-copy';
import type { Upkeep, VacuumReport } from './upkeep';

/**
 * The store, and on PostgreSQL the blobs kept in the same database (large objects on the same
 * pool); on embedded PGlite `blobs` is null: its files live under DATA_DIR (DESIGN 4).
 */
export interface MikroOrmStore extends Store {
  readonly blobs: BlobStore | null;
  /**
   * On PostgreSQL, a rate limiter whose budgets every process on the database shares (DESIGN 2);
   * null on PGlite, which one process serves: a limiter in its memory does.
   */
  readonly sharedRateLimiter: ((options: RateLimitOptions) => RateLimiterAbstract) | null;
  /** On PostgreSQL, the pool's connections at this moment (for metrics); null on PGlite. */
  readonly poolStats: (() => PoolStats) | null;
  /** On PGlite, the store's work waiting its turn on the single session; null on PostgreSQL. */
  readonly queuedWork: (() => number) | null;
  /** The last migration applied, against this build's (one statement): what `/readyz` reports. */
  migrationLevel(): Promise<MigrationLevel>;
  /** On PGlite, its thread as `/readyz` reports it; null on PostgreSQL. */
  readonly databaseThread: (() => DatabaseThreadState) | null;
  /** Backup and restore: a consistent read of the whole database, and a load into an empty one. */
  readonly copy: DatabaseCopy;
  /** `VACUUM (ANALYZE)` of every table, and on PGlite a checkpoint: `pips db vacuum`. */
  readonly vacuum: () => Promise<VacuumReport>;
  /** PGlite's automatic upkeep, run by hand (tests; the count of commits runs it otherwise). */
  readonly upkeep: Pick<Upkeep, 'run' | 'settled'>;
}

/** Opens the store on PostgreSQL (`databaseUrl`) or embedded PGlite (`${dataDir}/pglite`), migrating unless told not to. */
export async function openMikroOrmStore(options: MikroOrmStoreOptions): Promise<MikroOrmStore> {
  const engine = resolveEngine(options);
  // A migration may take longer than the statement timeout allows: it runs on a connection without one.
  const migrateApart = options.migrate !== false && engine.kind === 'postgresql' && engine.pool.statementTimeoutMs > 0;
  if (migrateApart) await migrateDatabase(options);
  const orm = await openOrm(engine, options.debug);
  try {
    if (options.migrate !== false && !migrateApart) await runMigrations(orm, engine);
    const store = await createMikroOrmStore(orm, engine, {
      onStatement: options.onStatement,
      statementRan: options.statementRan,
      ...(options.upkeepEvery !== undefined && { upkeepEvery: options.upkeepEvery }),
    });
    const pool = engine.kind === 'postgresql' ? ((await orm.driver.getConnection().getNativeClient()) as PgPool) : null;
    const blobs = pool ? createLargeObjectBlobStore(pool) : null;
    const sharedRateLimiter = pool ? (options: RateLimitOptions) => postgresRateLimiter(pool, options) : null;
    const poolStats = pool ? poolStatsOf(pool) : null;
    return Object.assign(store, { blobs, sharedRateLimiter, poolStats });
  } catch (error) {
    await orm.close();
    throw error;
  }
}

/** Applies pending migrations and closes the connection again; no statement timeout applies. */
export async function migrateDatabase(options: MikroOrmStoreOptions): Promise<{ applied: string[] }> {
  const engine = resolveEngine({ ...options, statementTimeoutMs: 0 });
  const orm = await openOrm(engine, options.debug);
  try {
    return { applied: await runMigrations(orm, engine) };
  } finally {
    await orm.close();
  }
}
