import { setTimeout as sleep } from 'node:timers/promises';
import { errors, type ReadTx, type Store, type Tx } from '@pips/domain';
import type { Engine } from './engine';
import type { Orm } from './open-orm';
import { createSerialQueue } from './serial-queue';
import { isRetryable, translateError } from './translate-error';
import { createSqlTx } from './sql/sql-tx';
import { pgliteCommand, pgliteProtocolSession, type PgliteProtocol } from './sql/pglite-protocol';
import { createStatementNames, observedSession, pgSession, type PgPool, type Session } from './sql/session';

/** Attempts per transaction when PostgreSQL reports a serialization failure or deadlock. */
const MAX_ATTEMPTS = 5;

export interface StoreOptions {
  /** close() also closes the ORM (false when a test shares one ORM between stores). */
  ownsOrm?: boolean;
  /** Told each statement's SQL before it runs (tests count them; a debug log could print them). */
  onStatement?: (sql: string) => void;
}

/** The Store, and what a scrape of the server's metrics may read of its load. */
export interface SqlStore extends Store {
  /** PGlite: the store's work waiting its turn on the single session; null on PostgreSQL, whose pool says more. */
  readonly queuedWork: (() => number) | null;
}

/** How transactions and plain reads reach the database, per engine. */
interface Sessions {
  /** Runs `work` on one connection between BEGIN and COMMIT (ROLLBACK when it throws). */
  transaction<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /** Statements with no transaction around them, each on whichever connection is free. */
  readonly reads: Session;
}

function pgSessions(pool: PgPool): Sessions {
  const names = createStatementNames();
  return {
    reads: pgSession(pool, names),
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query({ text: 'BEGIN', values: [], rowMode: 'array' });
        // COMMIT is inside: a failed COMMIT is rolled back too, as MikroORM's transactional() does.
        try {
          const result = await work(pgSession(client, names));
          await client.query({ text: 'COMMIT', values: [], rowMode: 'array' });
          return result;
        } catch (error) {
          await client.query({ text: 'ROLLBACK', values: [], rowMode: 'array' }).catch((rollbackError: unknown) => {
            // Why the work failed is what the caller needs; the rollback's failure is logged, not lost,
            // and the connection is dropped rather than handed to the next request mid-transaction.
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
            console.warn('pips: rollback after a failed transaction also failed', rollbackError);
          });
          throw error;
        }
      } finally {
        client.release(broken);
      }
    },
  };
}

/** PGlite is one session and the store queues its work, so a transaction is BEGIN … COMMIT on it. */
function pgliteSessions(db: PgliteProtocol): Sessions {
  const session = pgliteProtocolSession(db);
  return {
    reads: session,
    async transaction(work) {
      await pgliteCommand(db, 'BEGIN');
      try {
        const result = await work(session);
        await pgliteCommand(db, 'COMMIT');
        return result;
      } catch (error) {
        await pgliteCommand(db, 'ROLLBACK').catch((rollbackError: unknown) => {
          console.warn('pips: rollback after a failed transaction also failed', rollbackError);
        });
        throw error;
      }
    },
  };
}

/**
 * The Store port on the database MikroORM opened. MikroORM owns the schema, the migrations and
 * the drivers (the `pg` pool with its type parsers, the PGlite instance); the statements of the
 * request path are this package's own SQL, run on the driver directly: see docs/decisions.md.
 * PGlite is a single session, so its work is queued here, one at a time, which also lets
 * close() wait for the work in flight.
 */
export async function createMikroOrmStore(orm: Orm, engine: Engine, options: StoreOptions = {}): Promise<SqlStore> {
  const native = await orm.driver.getConnection().getNativeClient();
  const sessions = engine.kind === 'pglite' ? pgliteSessions(native as PgliteProtocol) : pgSessions(native as PgPool);
  const queue = engine.kind === 'pglite' ? createSerialQueue() : null;
  const exclusive = queue ?? (<T>(task: () => Promise<T>) => task());
  const observe = (session: Session) => observedSession(session, options.onStatement);
  const readTx: ReadTx = createSqlTx(observe(sessions.reads), orm.driver);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  async function withRetries<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        return await exclusive(() => sessions.transaction((session) => work(createSqlTx(observe(session), orm.driver))));
      } catch (error) {
        const translated = translateError(orm.driver, error, 'read');
        if (!isRetryable(translated)) throw translated;
        if (attemptNo >= MAX_ATTEMPTS) throw errors.busy();
        await sleep(Math.random() * 20 * attemptNo);
      }
    }
  }

  function track<T>(pending: Promise<T>): Promise<T> {
    inFlight.add(pending);
    void pending.catch(() => undefined).finally(() => inFlight.delete(pending));
    return pending;
  }

  return {
    description: engine.description,
    queuedWork: queue && (() => queue.waiting()),
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('store is closed'));
      return track(withRetries(work));
    },
    read<T>(work: (tx: ReadTx) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('store is closed'));
      return track(exclusive(() => work(readTx)));
    },
    async ping() {
      if (closed) throw new Error('store is closed');
      // Through the queue: on PGlite's single session a ping must not land inside a transaction.
      await exclusive(() => sessions.reads.run({ text: 'SELECT 1', values: [] }));
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      if (options.ownsOrm !== false) await orm.close();
    },
  };
}
