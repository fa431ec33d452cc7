import { setTimeout as sleep } from 'node:timers/promises';
import { errors, type Store, type Tx } from '@pips/domain';
import type { Engine } from './engine';
import type { Orm } from './open-orm';
import { createSerialQueue } from './serial-queue';
import { isRetryable, translateError } from './translate-error';
import { createTx } from './tx';

/** Attempts per transaction when PostgreSQL reports a serialization failure or deadlock. */
const MAX_ATTEMPTS = 5;

export interface StoreOptions {
  /** close() also closes the ORM (false when a test shares one ORM between stores). */
  ownsOrm?: boolean;
}

/**
 * The Store port on one MikroORM instance. Each transaction runs on its own forked EntityManager
 * with an explicit begin/commit/rollback. PGlite is a single session, so its transactions are
 * queued here, one at a time (kysely's PGlite dialect also holds one connection lock, but a queue
 * in the store keeps the order plain and lets close() wait for the work in flight).
 */
export function createMikroOrmStore(orm: Orm, engine: Engine, options: StoreOptions = {}): Store {
  const exclusive = engine.kind === 'pglite' ? createSerialQueue() : <T>(task: () => Promise<T>) => task();
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  async function attempt<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const em = orm.em.fork({ clear: true });
    await em.begin();
    // COMMIT is inside, as in MikroORM's own transactional(): a failed COMMIT is rolled back
    // too, which is what releases the connection (kysely releases it on commit or rollback only).
    try {
      const result = await work(createTx(em));
      await em.commit();
      return result;
    } catch (error) {
      await em.rollback().catch((rollbackError: unknown) => {
        // Why the work failed is what the caller needs; the rollback's failure is logged, not lost.
        console.warn('pips: rollback after a failed transaction also failed', rollbackError);
      });
      throw error;
    }
  }

  async function run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        return await exclusive(() => attempt(work));
      } catch (error) {
        const translated = translateError(orm.driver, error, 'read');
        if (!isRetryable(translated)) throw translated;
        if (attemptNo >= MAX_ATTEMPTS) throw errors.busy();
        await sleep(Math.random() * 20 * attemptNo);
      }
    }
  }

  return {
    description: engine.description,
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('store is closed'));
      const pending = run(work);
      inFlight.add(pending);
      void pending.catch(() => undefined).finally(() => inFlight.delete(pending));
      return pending;
    },
    async ping() {
      if (closed) throw new Error('store is closed');
      // Through the queue: on PGlite's single session a ping must not land inside a transaction.
      await exclusive(() => orm.em.fork().execute('select 1'));
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      if (options.ownsOrm !== false) await orm.close();
    },
  };
}
