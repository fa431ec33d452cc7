import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Store } from '@pips/domain';
import { resolveEngine } from './engine';
import { createMikroOrmStore } from './mikro-orm-store';
import { openOrm, type Orm } from './open-orm';
import { copyPgliteTemplate, type DataDirCopy } from './pglite-templates';
import { emptyDatabase } from './test-databases';

// How a transaction ends when COMMIT fails, and what runs beside one: PGlite, where a
// connection that is never released stops the whole store.
let copy: DataDirCopy | undefined;
let opening: Promise<Orm> | undefined;
let dir = '';
let orm: Orm;
let store: Store;
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
  vi.restoreAllMocks();
  await store.close();
  await emptyDatabase(orm);
});

const unit = { name: 'each', description: null, allow_fractional: true, created_at: new Date(0), updated_at: new Date(0) };

/** Fails if `promise` takes longer than `ms`: a leaked connection shows as a hang. */
const within = <T>(promise: Promise<T>, ms = 5000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);

/** The next transaction's EntityManager fails COMMIT (and, when asked, ROLLBACK) before sending it. */
function failNextEnd(options: { rollback?: boolean } = {}) {
  const fork = orm.em.fork.bind(orm.em);
  vi.spyOn(orm.em, 'fork').mockImplementationOnce((forkOptions) => {
    const em = fork(forkOptions);
    em.commit = () => Promise.reject(new Error('commit failed'));
    // Rolls back for real (so the test leaks nothing itself), then reports a failure.
    const rollback = em.rollback.bind(em);
    if (options.rollback) {
      em.rollback = async () => {
        await rollback();
        throw new Error('rollback failed');
      };
    }
    return em;
  });
}

describe('a failed COMMIT', () => {
  it('is rolled back, so the connection is free and nothing is kept', async () => {
    store = createMikroOrmStore(orm, resolveEngine({ dataDir: dir }), { ownsOrm: false });
    failNextEnd();
    await expect(store.transaction((tx) => tx.repo('unit').insert(unit))).rejects.toThrow('commit failed');
    expect(await within(store.transaction((tx) => tx.repo('unit').count()))).toBe(0);
  });

  it('keeps its own error when the rollback fails too, and reports the rollback', async () => {
    store = createMikroOrmStore(orm, resolveEngine({ dataDir: dir }), { ownsOrm: false });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    failNextEnd({ rollback: true });
    await expect(store.transaction(async () => 1)).rejects.toThrow('commit failed');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('rollback'), expect.objectContaining({ message: 'rollback failed' }));
  });
});

describe('ping on PGlite', () => {
  it('takes its turn in the transaction queue, behind work queued before it', async () => {
    store = createMikroOrmStore(orm, resolveEngine({ dataDir: dir }), { ownsOrm: false });
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
