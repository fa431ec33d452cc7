import { mkdir } from 'node:fs/promises';
import type { MigrationObject, MikroORM, Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM as PgliteOrm } from '@mikro-orm/pglite';
import { MikroORM as PostgresOrm } from '@mikro-orm/postgresql';
import type { AbstractSqlDriver, SqlEntityManager } from '@mikro-orm/sql';
import { entityList } from './entities';
import type { Engine } from './engine';
import { migrationsList } from './migrations';
import { classifyOpenError } from './open-error';
import { lockPglite } from './pglite-lock';
import { pgliteProxy } from './pglite-proxy';
import { startPgliteThread, type PgliteThread } from './pglite-thread';
import { createSessionTurns } from './session-turns';

export type Orm = MikroORM<AbstractSqlDriver, SqlEntityManager<AbstractSqlDriver>>;

function commonOptions(debug: boolean, migrations: MigrationObject[]): Partial<Options> {
  return {
    entities: entityList,
    extensions: [Migrator],
    migrations: {
      migrationsList: migrations,
      // The migrations are committed code: never write snapshots or files at run time.
      snapshot: false,
      snapshotOnMigrate: false,
      silent: !debug,
    },
    // The schema is the migrations' job, never the ORM's.
    ensureDatabase: false,
    allowGlobalContext: false,
    debug,
  };
}

/**
 * Opens the ORM on the engine. On PostgreSQL the connection is tried at once, so a missing
 * database is reported here: MikroORM's migrator would otherwise create it, and a mistyped
 * DATABASE_URL would start an empty service. Failures an operator can act on come back as
 * `StoreOpenError`s. `migrations` is what the migrator applies: the committed list, unless
 * `migration:create` compares the entities with another.
 */
export async function openOrm(engine: Engine, debug = false, migrations: MigrationObject[] = migrationsList): Promise<Orm> {
  try {
    return engine.kind === 'pglite' ? await openPglite(engine, debug, migrations) : await openPostgres(engine, debug, migrations);
  } catch (error) {
    throw classifyOpenError(engine, error);
  }
}

async function openPglite(engine: Extract<Engine, { kind: 'pglite' }>, debug: boolean, migrations: MigrationObject[]): Promise<Orm> {
  // Private to its user whatever the umask: the files inside are made with it, and this keeps others out of them.
  await mkdir(engine.dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockPglite(engine.dataDir);
  let thread: PgliteThread | undefined;
  let orm: Orm;
  try {
    // PGlite runs on a thread of its own, so its statements run beside this thread's JavaScript
    // and a long one stalls no other request; MikroORM is handed a stand-in that forwards to it.
    thread = await startPgliteThread(engine.dataDir);
    const pglite = pgliteProxy({ thread, turns: createSessionTurns(), prepared: new Set() });
    orm = (await PgliteOrm.init({
      ...commonOptions(debug, migrations),
      dbName: engine.dataDir,
      driverOptions: { pglite },
    })) as unknown as Orm;
  } catch (error) {
    await thread?.close().catch(() => undefined);
    await lock.release();
    throw error;
  }
  // Every owner closes the ORM (store, migrate, tests); MikroORM leaves an instance it was handed
  // open, so the database (its data flushed) and the lock go with it here.
  const close = orm.close.bind(orm);
  const opened = thread;
  orm.close = async (force?: boolean) => {
    try {
      await close(force);
    } finally {
      try {
        await opened.close();
      } finally {
        await lock.release();
      }
    }
  };
  return orm;
}

async function openPostgres(engine: Extract<Engine, { kind: 'postgresql' }>, debug: boolean, migrations: MigrationObject[]): Promise<Orm> {
  const { max, statementTimeoutMs } = engine.pool;
  const { ssl } = engine.tls;
  const orm = (await PostgresOrm.init({
    ...commonOptions(debug, migrations),
    // MikroORM reads the host, port, user, password and database of the URL, and none of its
    // parameters: the TLS ones, read by `tlsOfUrl`, reach node-postgres as its `ssl` option.
    clientUrl: engine.url,
    pool: { min: 0, max },
    driverOptions: {
      ...(ssl !== undefined ? { ssl } : {}),
      // Statements sent before the previous one is answered go out at once (node-postgres's
      // pipelining): a transaction's BEGIN travels with its first read (`pg-sessions.ts`).
      pipeline: true,
      // A startup parameter of the session, so it holds for every statement and survives a `reset all`.
      // The same bound on getting a connection (a new one, or a turn in the full pool): a database
      // host that accepts and never answers fails the request (503) instead of holding it for ever.
      ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, connectionTimeoutMillis: statementTimeoutMs } : {}),
      // No JIT compilation: PIPS's statements are short, and the planner's guess for a recursive
      // walk of a bill grows with the bill past JIT's threshold, where compiling took 0.77 s
      // against 7 ms of running (docs/decisions.md, "Sessions without JIT").
      options: '-c jit=off',
    },
  })) as unknown as Orm;
  try {
    await orm.em.fork().execute('select 1');
  } catch (error) {
    await orm.close().catch(() => undefined);
    throw error;
  }
  return orm;
}
