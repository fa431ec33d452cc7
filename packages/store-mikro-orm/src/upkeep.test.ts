import { describe, expect, it, type TestContext } from 'vitest';
import { openMikroOrmStore } from './index';
import { postgresSuites } from './postgres-suites';
import type { Answer, Session } from './sql/session';
import { createPostgresDatabase } from './test-databases';
import { openInTest, pgliteDataDir } from './test-scope';
import { createUpkeep, upkeepStatement } from './upkeep';
import { churn, stockOf } from './upkeep-churn.test-helper';

describe('what the automatic upkeep does to a table (autovacuum\'s default thresholds)', () => {
  const table = { name: 'inventory_unit', live: 1000, dead: 0, insertedSinceVacuum: 0, changedSinceAnalyze: 0 };
  it.each([
    [{}, null],
    [{ dead: 250 }, null],
    [{ dead: 251 }, 'VACUUM "inventory_unit"'],
    [{ dead: 251, changedSinceAnalyze: 151 }, 'VACUUM (ANALYZE) "inventory_unit"'],
    [{ changedSinceAnalyze: 151 }, 'ANALYZE "inventory_unit"'],
    [{ insertedSinceVacuum: 1201 }, 'VACUUM "inventory_unit"'],
    [{ name: 'a"b', dead: 251 }, 'VACUUM "a""b"'],
  ])('%j → %s', (change, statement) => {
    expect(upkeepStatement({ ...table, ...change })).toBe(statement);
  });
});

/** Sessions that answer the table statistics with `rows` and record every command run alone. */
function fakeSessions(rows: unknown[][]) {
  const alone: string[] = [];
  let gate: Promise<void> | null = null;
  let open = () => undefined as void;
  return {
    alone,
    /** Holds the commands from now on until `resume()`. */
    hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
    resume: () => {
      open();
      gate = null;
    },
    sessions: {
      reads: { run: async (): Promise<Answer> => ({ rows, count: rows.length }) } satisfies Session,
      async alone(sql: string) {
        alone.push(sql);
        await gate;
      },
    },
  };
}

describe('the upkeep of a store', () => {
  // name, live, dead, inserted since vacuum, changed since analyze
  const stats = [
    ['inventory_record', 5000, 0, 5000, 5000],
    ['inventory_unit', 4, 4000, 0, 4000],
    ['part', 10, 0, 0, 0],
  ];

  it('on PGlite: every commits, the tables past their thresholds, each alone, then a checkpoint; one run at a time', async () => {
    const fake = fakeSessions(stats);
    const upkeep = createUpkeep({ engine: 'pglite', sessions: fake.sessions, every: 3 });
    upkeep.committed();
    upkeep.committed();
    await upkeep.settled();
    expect(fake.alone).toEqual([]);
    fake.hold();
    upkeep.committed();
    await expect.poll(() => fake.alone.length).toBe(1);
    // Commits while a run is under way start no second one.
    for (let i = 0; i < 6; i++) upkeep.committed();
    fake.resume();
    await upkeep.settled();
    expect(fake.alone).toEqual(['VACUUM (ANALYZE) "inventory_record"', 'VACUUM (ANALYZE) "inventory_unit"', 'CHECKPOINT']);
  });

  it('for the operator: VACUUM (ANALYZE) of every table, then on PGlite a checkpoint and the folder measured around it', async () => {
    const pglite = fakeSessions(stats);
    let size = 100;
    const report = await createUpkeep({ engine: 'pglite', sessions: pglite.sessions, every: 0, size: async () => size-- }).vacuumAll();
    expect(pglite.alone).toEqual(['VACUUM (ANALYZE) "inventory_record"', 'VACUUM (ANALYZE) "inventory_unit"', 'VACUUM (ANALYZE) "part"', 'CHECKPOINT']);
    expect(report).toEqual({ engine: 'pglite', tables: 3, ms: expect.any(Number), bytesBefore: 100, bytesAfter: 99 });
    const postgres = fakeSessions(stats);
    expect(await createUpkeep({ engine: 'postgresql', sessions: postgres.sessions, every: 0 }).vacuumAll()).toEqual({ engine: 'postgresql', tables: 3, ms: expect.any(Number) });
    expect(postgres.alone).not.toContain('CHECKPOINT');
  });

  it('tells of a failed automatic run and fails no commit', async () => {
    const warned: string[] = [];
    const sessions = { reads: { run: () => Promise.reject(new Error('the embedded database stopped')) }, alone: () => Promise.resolve() };
    const upkeep = createUpkeep({ engine: 'pglite', sessions, every: 1, warn: (line) => void warned.push(line) });
    upkeep.committed();
    await upkeep.settled();
    expect(warned).toEqual(["pips: the embedded database's upkeep failed: the embedded database stopped"]);
  });
});

describe('vacuum on PGlite', () => {
  it('runs on every table between requests and measures the folder', async () => {
    const store = await openInTest(async () => openMikroOrmStore({ dataDir: await pgliteDataDir('migrated'), upkeepEvery: 0 }));
    const stock = await stockOf(store, 2);
    await churn(stock, 0, 100);
    const [report] = await Promise.all([store.vacuum(), churn(stock, 100, 120)]);
    expect(report).toMatchObject({ engine: 'pglite', bytesBefore: expect.any(Number), bytesAfter: expect.any(Number) });
    expect(report.tables).toBeGreaterThan(20);
  }, 60_000);
});

postgresSuites('vacuum on PostgreSQL', (adminUrl) => {
  describe('vacuum on PostgreSQL', () => {
    it('runs on every table of the schema, the store going on afterwards', async (test: TestContext) => {
      const database = await createPostgresDatabase(adminUrl);
      test.onTestFinished(() => database.drop(), 60_000);
      const store = await openInTest(() => openMikroOrmStore({ databaseUrl: database.url, statementTimeoutMs: 30_000 }));
      const stock = await stockOf(store, 2);
      await churn(stock, 0, 20);
      const report = await store.vacuum();
      await churn(stock, 20, 40);
      expect(report).toEqual({ engine: 'postgresql', tables: expect.any(Number), ms: expect.any(Number) });
      expect(report.tables).toBeGreaterThan(20);
    }, 60_000);
  });
});
