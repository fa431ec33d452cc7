import { describe, expect, it, type TestContext } from 'vitest';
import { openMikroOrmStore } from './index';
import { createPostgresDatabase, TEST_DATABASE_URL } from './test-databases';
import { openInTest, pgliteDataDir } from './test-scope';

// What a metrics scrape reads of the store's load: the pool on PostgreSQL, the queue on PGlite.

const CLEANUP_TIMEOUT_MS = 60_000;

describe('store load on PGlite', () => {
  it('counts the work waiting for the single session, and has no pool', async () => {
    const store = await openInTest(async () => openMikroOrmStore({ dataDir: await pgliteDataDir('migrated') }));
    expect(store.poolStats).toBeNull();
    expect(store.queuedWork?.()).toBe(0);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A transaction has the session to itself: what comes after it waits its turn.
    const holding = store.transaction(async (tx) => {
      await tx.repo('unit').count();
      await gate;
    });
    await expect.poll(() => store.queuedWork?.(), { timeout: 10_000 }).toBe(0);
    const behind = [store.read((tx) => tx.repo('unit').count()), store.ping()];
    expect(store.queuedWork?.()).toBe(2);
    release();
    await Promise.all([holding, ...behind]);
    expect(store.queuedWork?.()).toBe(0);
  });
});

if (TEST_DATABASE_URL) {
  const adminUrl = TEST_DATABASE_URL;
  describe('store load on PostgreSQL', () => {
    async function openStore(test: TestContext, poolMax: number) {
      const database = await createPostgresDatabase(adminUrl);
      test.onTestFinished(() => database.drop(), CLEANUP_TIMEOUT_MS);
      return openInTest(() => openMikroOrmStore({ databaseUrl: database.url, poolMax }));
    }

    it('reads the pool: open, idle and waiting connections, and its size', async (test) => {
      const store = await openStore(test, 2);
      expect(store.queuedWork).toBeNull();
      const stats = store.poolStats!;
      await store.ping();
      expect(stats()).toMatchObject({ idle: stats().total, waiting: 0, max: 2 });
      expect(stats().total).toBeGreaterThanOrEqual(1);

      // Two transactions hold both connections; a third waits for one.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let started = 0;
      let bothStarted!: () => void;
      const holding = new Promise<void>((resolve) => (bothStarted = resolve));
      const hold = () =>
        store.transaction(async () => {
          if (++started === 2) bothStarted();
          await gate;
        });
      const held = [hold(), hold()];
      await holding;
      const third = store.read((tx) => tx.repo('unit').count());
      await expect.poll(() => stats().waiting, { timeout: 10_000 }).toBe(1);
      expect(stats()).toEqual({ total: 2, idle: 0, waiting: 1, max: 2 });
      release();
      await Promise.all([...held, third]);
      // Idle connections may already be closing on a slow machine: idle is what is open.
      expect(stats()).toMatchObject({ idle: stats().total, waiting: 0 });
    });
  });
} else {
  describe.skip('store load on PostgreSQL (PIPS_TEST_DATABASE_URL is unset)', () => {
    it('needs a PostgreSQL database', () => undefined);
  });
}
