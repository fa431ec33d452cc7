import { join } from 'node:path';
import { openFsBlobStore } from '@pips/blob-fs';
import type { BlobStore, Store } from '@pips/domain';
import { databaseThreadCheck, memoryRateLimiter, migrationCheck, perMinuteBudget, type AppDeps, type ReadinessCheck, type StoreLoad } from '@pips/http';
import { createMemoryBlobStore, createMemoryStore } from '@pips/store-memory';
import {
  createDatabase,
  migrateDatabase,
  openMikroOrmStore,
  StoreOpenError,
  type CreateDatabaseResult,
  type DatabaseCopy,
  type MikroOrmStore,
  type StatementRan,
  type VacuumReport,
} from '@pips/store-mikro-orm';
import { withHeldDeletes } from './backup/held-deletes';
import type { Config } from './config';
import { preparePrivateDataDir } from './private-data-dir';

export interface OpenedStore {
  store: Store;
  /** Where attachments' bytes live: the database on PostgreSQL, DATA_DIR/blobs on the embedded one, memory with `memory:`. */
  blobs: BlobStore;
  /** For the start-up log: which engine, and where it keeps data. */
  description: string;
  /** On PostgreSQL, rate limiters every server process on the database shares; null on the engines one process serves. */
  sharedRateLimiter?: MikroOrmStore['sharedRateLimiter'];
  /** What a metrics scrape reads of the store's load: the pool on PostgreSQL, the queue on PGlite, nothing in memory. */
  load?: StoreLoad;
  /**
   * Removes what opening the store created (a new DATA_DIR), once the store is closed: a start
   * that fails later leaves nothing behind. Nothing when there was nothing new.
   */
  discard?: () => Promise<void>;
  /** Backup and restore of the database (absent on memory, which keeps nothing). */
  copy?: DatabaseCopy;
  /** Where blobs are files beside the database: holds their deletes while a backup copies them. */
  holdBlobDeletes?: () => () => void;
  /** What `/readyz` checks of the database beyond reaching it: the migration level, and PGlite's thread. */
  readinessChecks?: readonly ReadinessCheck[];
  /** `VACUUM (ANALYZE)` of every table, and on the embedded database a checkpoint (absent on memory). */
  vacuum?: () => Promise<VacuumReport>;
}

type StoreConfig = Pick<Config, 'databaseUrl' | 'dataDir'> &
  Partial<Pick<Config, 'databasePoolMax' | 'databaseStatementTimeoutMs'>>;

const MEMORY = 'memory:';

/** Whether the configuration names PostgreSQL (rather than embedded PGlite or memory). */
export function isPostgres(config: Pick<Config, 'databaseUrl'>): boolean {
  return config.databaseUrl !== undefined && config.databaseUrl !== MEMORY;
}

/**
 * The embedded database's DATA_DIR, made private to this user (or refused) before anything in it
 * is opened; null on PostgreSQL, which keeps nothing there.
 */
const privateDataDir = (config: StoreConfig) => (config.databaseUrl === undefined ? preparePrivateDataDir(config.dataDir) : Promise.resolve(null));

/**
 * Opens the store the configuration names: `memory:` in memory, a `postgres://` URL on
 * PostgreSQL, nothing on embedded PGlite under DATA_DIR (made private first). Databases are
 * migrated on open unless `migrate` is false. The pool size and statement timeout apply to
 * PostgreSQL only. `statementRan` is told of each statement (statement spans; not on memory, which
 * runs none). An open that fails removes the DATA_DIR it made.
 */
export async function openStore(config: StoreConfig, options: { migrate?: boolean; statementRan?: StatementRan } = {}): Promise<OpenedStore> {
  if (config.databaseUrl === MEMORY) {
    const store = createMemoryStore();
    return { store, blobs: createMemoryBlobStore(), description: store.description, load: {} };
  }
  const dataDir = await privateDataDir(config);
  const discard = dataDir?.created ? () => dataDir.discard() : undefined;
  let store: MikroOrmStore;
  try {
    store = await openMikroOrmStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      migrate: options.migrate,
      poolMax: config.databasePoolMax,
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      statementRan: options.statementRan,
    });
  } catch (error) {
    await discard?.().catch(() => undefined);
    throw error;
  }
  try {
    // The embedded default's files: their deletes can be held while a backup copies them.
    const files = store.blobs ? { blobs: store.blobs } : withHeldDeletes(await openFsBlobs(config.dataDir));
    const load = { ...(store.poolStats && { pool: store.poolStats }), ...(store.queuedWork && { queued: store.queuedWork }) };
    return {
      store,
      blobs: files.blobs,
      description: store.description,
      sharedRateLimiter: store.sharedRateLimiter,
      load,
      copy: store.copy,
      readinessChecks: sqlReadinessChecks(store),
      vacuum: store.vacuum,
      ...('holdDeletes' in files && { holdBlobDeletes: files.holdDeletes }),
      ...(discard && { discard }),
    };
  } catch (error) {
    await store.close();
    await discard?.().catch(() => undefined);
    throw error;
  }
}

/**
 * The per-token budget RATE_LIMIT_PER_MINUTE asks for: in the database on PostgreSQL, which any
 * number of processes share; in this process's memory on the embedded database and memory, which
 * one process serves. Undefined when it is 0: no limit.
 */
export function rateLimiterOf(opened: OpenedStore, perMinute: number): AppDeps['rateLimiter'] {
  if (perMinute === 0) return undefined;
  const budget = perMinuteBudget(perMinute);
  return opened.sharedRateLimiter?.(budget) ?? memoryRateLimiter(budget);
}

function sqlReadinessChecks(store: MikroOrmStore): ReadinessCheck[] {
  const level = migrationCheck(() => store.migrationLevel());
  return store.databaseThread ? [level, databaseThreadCheck(store.databaseThread)] : [level];
}

/** The embedded default's files: under DATA_DIR, beside its database. */
async function openFsBlobs(dataDir: string): Promise<BlobStore> {
  const dir = join(dataDir, 'blobs');
  try {
    return await openFsBlobStore(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new StoreOpenError('data_dir_unusable', `${dir} cannot hold attachment files (${code}): DATA_DIR must be a directory this user may write`, { cause: error });
  }
}

/** Applies pending migrations; null for the memory store, which has none. */
export async function migrateStore(config: StoreConfig): Promise<{ applied: string[] } | null> {
  if (config.databaseUrl === MEMORY) return null;
  await privateDataDir(config);
  return migrateDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

/** Creates the PostgreSQL database the configuration names (the embedded one makes itself). */
export async function createStoreDatabase(config: StoreConfig): Promise<CreateDatabaseResult | 'memory'> {
  if (config.databaseUrl === MEMORY) return 'memory';
  return createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}
