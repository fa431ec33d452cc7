import type { Store } from '@pips/domain';
import { createMemoryStore } from '@pips/store-memory';
import type { Config } from './config';

export interface OpenedStore {
  store: Store;
  /** For the start-up log: which store, and where it keeps data. */
  description: string;
}

/**
 * Opens the store the configuration names. Until the database adapter is wired every setting
 * gets the memory store, and says so, so nobody mistakes it for durable storage.
 */
export async function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<OpenedStore> {
  const store = createMemoryStore();
  if (config.databaseUrl === 'memory:') return { store, description: store.description };
  const asked = config.databaseUrl ? 'DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  return { store, description: `memory (nothing is kept; ${asked} is not used until the database adapter is wired)` };
}
