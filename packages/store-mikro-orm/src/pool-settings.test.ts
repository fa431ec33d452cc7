import pg from 'pg';
import { describe, expect, it, type TestContext } from 'vitest';
import { isPipsError } from '@pips/domain';
import { resolveEngine, type Engine, type MikroOrmStoreOptions } from './engine';
import { createMikroOrmStore } from './mikro-orm-store';
import { openOrm, type Orm } from './open-orm';
import { createPostgresDatabase } from './test-databases';
import { postgresSuites } from './postgres-suites';
import { translateError } from './translate-error';

// The pool size, the statement timeout and JIT off reach every PostgreSQL connection, and a
// statement the timeout cancels is the store's busy error.

const CLEANUP_TIMEOUT_MS = 60_000;

/** An ORM on database `url`, closed when the test finishes. */
async function openOn(test: TestContext, url: string, options: MikroOrmStoreOptions): Promise<{ orm: Orm; engine: Engine }> {
  const engine = resolveEngine({ ...options, databaseUrl: url });
  const orm = await openOrm(engine);
  test.onTestFinished(() => orm.close(), CLEANUP_TIMEOUT_MS);
  return { orm, engine };
}

/** A new database for the test and an ORM on it, both gone when the test finishes. */
async function openOnNewDatabase(test: TestContext, adminUrl: string, options: MikroOrmStoreOptions): Promise<{ orm: Orm; engine: Engine }> {
  const database = await createPostgresDatabase(adminUrl);
  test.onTestFinished(() => database.drop(), CLEANUP_TIMEOUT_MS);
  return openOn(test, database.url, options);
}

/** A plain node-postgres connection to `url`, without PIPS's options, ended when the test finishes. */
async function plainSession(test: TestContext, url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  test.onTestFinished(() => client.end(), CLEANUP_TIMEOUT_MS);
  return client;
}

async function setting(orm: Orm, name: string): Promise<string> {
  const rows = await orm.em.fork().execute<Array<Record<string, string>>>(`show ${name}`);
  return String(Object.values(rows[0] ?? {})[0]);
}

/** node-postgres's pool under the ORM. */
const poolOf = async (orm: Orm) => (await orm.driver.getConnection().getNativeClient()) as { options: { max?: number } };

describe('pool settings on PGlite', () => {
  it('are checked, then left alone: PGlite is one session', () => {
    expect(resolveEngine({ dataDir: 'data', poolMax: 3, statementTimeoutMs: 200 })).not.toHaveProperty('pool');
    expect(resolveEngine({ databaseUrl: 'postgres://h/db' })).toMatchObject({ pool: { max: 10, statementTimeoutMs: 0 } });
    expect(() => resolveEngine({ databaseUrl: 'postgres://h/db', poolMax: 0 })).toThrow(/poolMax/);
    expect(() => resolveEngine({ databaseUrl: 'postgres://h/db', statementTimeoutMs: -1 })).toThrow(/statementTimeoutMs/);
  });
});

postgresSuites('pool settings on PostgreSQL', (adminUrl) => {
  describe('pool settings on PostgreSQL', () => {
    it('size the pool and set the statement timeout of its connections', async (test) => {
      const { orm } = await openOnNewDatabase(test, adminUrl, { poolMax: 3, statementTimeoutMs: 1500 });
      expect((await poolOf(orm)).options.max).toBe(3);
      expect(await setting(orm, 'statement_timeout')).toBe('1500ms');
    });

    it('turn JIT compilation off in its connections, whatever the database says', async (test) => {
      const database = await createPostgresDatabase(adminUrl);
      test.onTestFinished(() => database.drop(), CLEANUP_TIMEOUT_MS);
      await (await plainSession(test, database.url)).query(`alter database "${new URL(database.url).pathname.slice(1)}" set jit = on`);
      const { orm } = await openOn(test, database.url, {});
      expect(await setting(orm, 'jit')).toBe('off');
      // The database's own setting, seen from outside PIPS's options.
      expect((await (await plainSession(test, database.url)).query<{ jit: string }>('show jit')).rows[0]?.jit).toBe('on');
    });

    it('set no statement timeout when it is 0', async (test) => {
      const { orm } = await openOnNewDatabase(test, adminUrl, { statementTimeoutMs: 0 });
      expect((await poolOf(orm)).options.max).toBe(10);
      expect(await setting(orm, 'statement_timeout')).toBe('0');
    });

    it('make a statement that outlives the timeout fail as busy', async (test) => {
      const { orm, engine } = await openOnNewDatabase(test, adminUrl, { statementTimeoutMs: 200 });
      const sleeping = orm.em.fork().execute('select pg_sleep(2)');
      const cancelled: unknown = await sleeping.then(() => 'finished', (error: unknown) => error);
      expect(cancelled).toMatchObject({ code: '57014' });
      const translated = translateError(orm.driver, cancelled, 'read');
      expect(isPipsError(translated) && translated.code).toBe('busy');

      // The same through a store transaction: not retried, and the store keeps working.
      const store = await createMikroOrmStore(orm, engine, { ownsOrm: false });
      test.onTestFinished(() => store.close(), CLEANUP_TIMEOUT_MS);
      let calls = 0;
      const failed: unknown = await store
        .transaction(async () => {
          calls++;
          await orm.em.fork().execute('select pg_sleep(2)');
        })
        .then(() => 'committed', (error: unknown) => error);
      expect(isPipsError(failed) && failed.code).toBe('busy');
      expect(calls).toBe(1);
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
});
