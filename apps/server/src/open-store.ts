import type { Store } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import { createDatabase, migrateDatabase, openMikroOrmStore, type CreateDatabaseResult } from '@pips/store-mikro-orm';
import type { Config } from './config';

export interface OpenedStore {
  store: Store;
  /** For the start-up log: which engine, and where it keeps data. */
  description: string;
}

type StoreConfig = Pick<Config, 'databaseUrl' | 'dataDir'>;

const MEMORY = 'memory:';

/**
 * Opens the store the configuration names: `memory:` in memory, a `postgres://` URL on
 * PostgreSQL, nothing on embedded PGlite under DATA_DIR. Databases are migrated on open.
 */
export async function openStore(config: StoreConfig): Promise<OpenedStore> {
  if (config.databaseUrl === MEMORY) {
    const store = createMemoryStore();
    return { store, description: store.description };
  }
  const store = await openMikroOrmStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  return { store, description: store.description };
}

/** Applies pending migrations; null for the memory store, which has none. */
export async function migrateStore(config: StoreConfig): Promise<{ applied: string[] } | null> {
  if (config.databaseUrl === MEMORY) return null;
  return migrateDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

/** Creates the PostgreSQL database the configuration names (the embedded one makes itself). */
export async function createStoreDatabase(config: StoreConfig): Promise<CreateDatabaseResult | 'memory'> {
  if (config.databaseUrl === MEMORY) return 'memory';
  return createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}
