import { randomBytes } from 'node:crypto';
import { type Store } from '@pips/domain';
import { sequenceNames } from '@pips/domain/storage';
import { resolveEngine, type Engine } from './engine';
import { runMigrations } from './migrate';
import { createMikroOrmStore, type StoreOptions } from './mikro-orm-store';
import { openOrm, type Orm } from './open-orm';
import { copyPgliteTemplate } from './pglite-templates';
import { tableNames } from './table-specs';
import { sequenceTable } from './sql/sql-tx';

/**
 * Test support (not part of the public surface): fresh databases for the suites.
 * Opening a database costs time, and every contract case wants an empty store, so a suite keeps
 * one migrated database (on PGlite, a copy of the run's template) and empties it (restarting ids
 * and sequences) for each store.
 */
export const TEST_DATABASE_URL = process.env.PIPS_TEST_DATABASE_URL;

export async function emptyDatabase(orm: Orm): Promise<void> {
  const em = orm.em.fork();
  await em.execute(`truncate table ${tableNames.map((t) => `"${t}"`).join(', ')} restart identity cascade`);
  for (const sequence of sequenceNames) await em.execute(`alter sequence "${sequenceTable(sequence)}" restart`);
}

/** PostgreSQL's longest identifier, in bytes. */
const MAX_NAME = 63;

/**
 * `<database of adminUrl>_t_<random>`: named after the run's own database, so a crashed run's
 * leftovers can be dropped by that prefix. The prefix is cut (by bytes) to keep the name ≤ 63.
 */
export function testDatabaseName(adminUrl: string): string {
  const base = decodeURIComponent(new URL(adminUrl).pathname.replace(/^\//, '')) || 'postgres';
  const suffix = `_t_${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  let prefix = base;
  while (Buffer.byteLength(prefix + suffix) > MAX_NAME) prefix = prefix.slice(0, -1);
  return prefix + suffix;
}

/** A new, empty PostgreSQL database next to the one `adminUrl` names; returns its URL and a drop function. */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = testDatabaseName(adminUrl);
  const admin = await openOrm(resolveEngine({ databaseUrl: adminUrl }));
  try {
    await admin.em.fork().execute(`create database "${name}"`);
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const orm = await openOrm(resolveEngine({ databaseUrl: adminUrl }));
      try {
        await orm.em.fork().execute(`drop database if exists "${name}" with (force)`);
      } finally {
        await orm.close();
      }
    },
  };
}

/** One migrated database shared by a suite; `open()` hands out an empty store on it each time. */
export interface SharedDatabase {
  /** `onStatement` as the store's option (tests count statements with it). */
  open(options?: Pick<StoreOptions, 'onStatement'>): Promise<Store>;
  /** The ORM the stores share (opened by the first `open`). */
  orm(): Promise<Orm>;
  /** Closes the database and opens it again, rows kept: a store on what the last one committed. */
  reopen(): Promise<Store>;
  dispose(): Promise<void>;
}

/** Opens the ORM on `engine` and applies the migrations (none are pending on a reopen). */
async function connect(engine: Engine): Promise<{ orm: Orm; engine: Engine }> {
  const orm = await openOrm(engine);
  try {
    await runMigrations(orm, engine);
  } catch (error) {
    await orm.close();
    throw error;
  }
  return { orm, engine };
}

export function sharedDatabase(setup: () => Promise<{ engine: Engine; cleanup(): Promise<void> }>): SharedDatabase {
  let ready: Promise<{ orm: Orm; engine: Engine }> | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  const start = async () => {
    const made = await setup();
    cleanup = made.cleanup;
    return connect(made.engine);
  };
  return {
    async open(options = {}) {
      const { orm, engine } = await (ready ??= start());
      await emptyDatabase(orm);
      return createMikroOrmStore(orm, engine, { ...options, ownsOrm: false });
    },
    async orm() {
      if (!ready) throw new Error('no store was opened');
      return (await ready).orm;
    },
    async reopen() {
      if (!ready) throw new Error('nothing to reopen: no store was opened');
      const { orm, engine } = await ready;
      // Set before closing, so dispose() closes whatever the reopen got to.
      ready = orm.close().then(() => connect(engine));
      const reopened = await ready;
      return createMikroOrmStore(reopened.orm, engine, { ownsOrm: false });
    },
    async dispose() {
      if (!ready) return;
      try {
        // A failed start has already failed the tests that asked for a store.
        await ready.then(({ orm }) => orm.close(), () => undefined);
      } finally {
        await cleanup?.();
      }
    },
  };
}

/** On a copy of the run's migrated template. */
export function sharedPglite(): SharedDatabase {
  return sharedDatabase(async () => {
    const copy = copyPgliteTemplate('migrated');
    await copy.ready;
    return { engine: resolveEngine({ dataDir: copy.dir }), cleanup: () => copy.remove() };
  });
}

export function sharedPostgres(adminUrl: string): SharedDatabase {
  return sharedDatabase(async () => {
    const database = await createPostgresDatabase(adminUrl);
    return { engine: resolveEngine({ databaseUrl: database.url }), cleanup: () => database.drop() };
  });
}
