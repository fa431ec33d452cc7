import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store } from '@pips/domain';
import { resolveEngine } from './engine';
import { createMikroOrmStore } from './mikro-orm-store';
import { openOrm, type Orm } from './open-orm';
import { copyPgliteTemplate, type DataDirCopy } from './pglite-templates';
import type { PgClient, PgPool } from './sql/session';
import { emptyDatabase, sharedPostgres, TEST_DATABASE_URL } from './test-databases';

// How a transaction ends when COMMIT fails (PostgreSQL: the store begins and commits itself), and
// what runs beside one on PGlite, where work that never ends stops the whole store.

const unit = { name: 'each', description: null, allow_fractional: true, created_at: new Date(0), updated_at: new Date(0) };

/** Fails if `promise` takes longer than `ms`: a leaked connection shows as a hang. */
const within = <T>(promise: Promise<T>, ms = 5000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);

describe.skipIf(!TEST_DATABASE_URL)('a failed COMMIT (PostgreSQL)', () => {
  const database = TEST_DATABASE_URL ? sharedPostgres(TEST_DATABASE_URL) : undefined;
  let store: Store | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await store?.close();
  });
  afterAll(() => database?.dispose());

  /** The next connection handed out fails COMMIT (and, when asked, ROLLBACK after doing it). */
  async function failNextEnd(options: { rollback?: boolean } = {}) {
    store = await database!.open();
    const pool = (await (await database!.orm()).driver.getConnection().getNativeClient()) as PgPool;
    const connect = pool.connect.bind(pool);
    const released: unknown[] = [];
    vi.spyOn(pool, 'connect').mockImplementationOnce(async () => {
      const client = await connect();
      const query = client.query.bind(client);
      const failing: PgClient = {
        query: async (config) => {
          if (config.text === 'COMMIT') throw new Error('commit failed');
          const result = await query(config);
          if (config.text === 'ROLLBACK' && options.rollback) throw new Error('rollback failed');
          return result;
        },
        release: (destroy) => {
          released.push(destroy);
          client.release(destroy);
        },
      };
      return failing;
    });
    return { released };
  }

  it('is rolled back, so the connection is free and nothing is kept', async () => {
    const { released } = await failNextEnd();
    await expect(store!.transaction((tx) => tx.repo('unit').insert(unit))).rejects.toThrow('commit failed');
    expect(released).toEqual([undefined]);
    expect(await within(store!.transaction((tx) => tx.repo('unit').count()))).toBe(0);
  });

  it('keeps its own error when the rollback fails too, reports the rollback, and drops the connection', async () => {
    const { released } = await failNextEnd({ rollback: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(store!.transaction((tx) => tx.repo('unit').count())).rejects.toThrow('commit failed');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('rollback'), expect.objectContaining({ message: 'rollback failed' }));
    expect(released).toEqual([expect.objectContaining({ message: 'rollback failed' })]);
    expect(await within(store!.read((tx) => tx.repo('unit').count()))).toBe(0);
  });
});

describe('ping on PGlite', () => {
  let copy: DataDirCopy | undefined;
  let opening: Promise<Orm> | undefined;
  let orm: Orm;
  let store: Store;
  let dir = '';
  beforeAll(async () => {
    copy = copyPgliteTemplate('migrated');
    await copy.ready;
    dir = copy.dir;
    orm = await (opening = openOrm(resolveEngine({ dataDir: dir })));
  });
  // Also after a failed or timed-out start: the database is closed once open, then its folder goes.
  afterAll(async () => {
    try {
      await opening?.then((opened) => opened.close(), () => undefined);
    } finally {
      await copy?.remove();
    }
  });
  afterEach(async () => {
    await store.close();
    await emptyDatabase(orm);
  });

  it('takes its turn in the transaction queue, behind work queued before it', async () => {
    store = await createMikroOrmStore(orm, resolveEngine({ dataDir: dir }), { ownsOrm: false });
    const events: string[] = [];
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = store.transaction(async (tx) => {
      await tx.repo('unit').insert(unit);
      await gate;
      events.push('first');
    });
    const second = store.transaction(async () => void events.push('second'));
    const ping = store.ping().then(() => void events.push('ping'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    await Promise.all([first, second, ping]);
    expect(events).toEqual(['first', 'second', 'ping']);
  });
});
