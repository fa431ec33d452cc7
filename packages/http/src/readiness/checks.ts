import type { BlobStore, Store } from '@pips/domain';
import type { ReadinessCheck } from './readiness-check';

/**
 * The store answers a statement. Its engine is the description's first word (`pglite`,
 * `postgresql`, `memory`): the rest names where it keeps data, which no public body shows.
 */
export function storeCheck(store: Store): ReadinessCheck {
  return {
    name: 'store',
    known: [['engine', store.description.split(' ')[0] ?? '']],
    ask: async () => (await store.ping(), { facts: [] }),
    failure: 'the store did not answer',
    lost: 'store not reachable',
    back: 'store reachable again',
  };
}

/** A put could store bytes now: a file written and removed in DATA_DIR/blobs, or PostgreSQL taking writes. */
export function blobCheck(blobs: BlobStore): ReadinessCheck {
  return {
    name: 'blobs',
    known: [['kind', blobs.kind]],
    ask: async () => (await blobs.probe(), { facts: [] }),
    failure: 'attachment files cannot be written',
    lost: 'blob store not writable',
    back: 'blob store writable again',
  };
}

/** Where the schema stands against this build's migrations (what `migrationLevel` of the SQL store answers). */
export interface MigrationLevelView {
  readonly applied: string | null;
  readonly newest: boolean;
  readonly behind: boolean;
}

/** The last migration applied, and whether it is this build's newest; a schema behind the build is not ready. */
export function migrationCheck(level: () => Promise<MigrationLevelView>): ReadinessCheck {
  return {
    name: 'migrations',
    known: [],
    async ask() {
      const { applied, newest, behind } = await level();
      const facts = [['applied', applied], ['newest', newest]] as const;
      return behind ? { facts, problem: 'the database has migrations this build needs still to apply' } : { facts };
    },
    failure: 'the migration level could not be read',
    lost: 'migration level not ready',
    back: 'migration level ready again',
  };
}

/** The embedded database's thread as the SQL store keeps it (`databaseThread`). */
export interface DatabaseThreadView {
  readonly alive: boolean;
  readonly queued: number;
  readonly posted: number;
  readonly oldestWaitMs: number | null;
}

/** PGlite's thread: alive, and its queue, read from what the store keeps (no message crosses to the thread). */
export function databaseThreadCheck(state: () => DatabaseThreadView): ReadinessCheck {
  return {
    name: 'database_thread',
    known: [],
    first: true,
    async ask() {
      const { alive, queued, posted, oldestWaitMs } = state();
      const facts = [
        ['alive', alive],
        ['queued', queued],
        ['posted', posted],
        ['oldest_wait_ms', oldestWaitMs === null ? null : Math.round(oldestWaitMs)],
      ] as const;
      return alive ? { facts } : { facts, problem: 'the embedded database has stopped; restart the server' };
    },
    failure: 'the database thread could not be read',
    lost: 'database thread stopped',
    back: 'database thread running again',
  };
}
