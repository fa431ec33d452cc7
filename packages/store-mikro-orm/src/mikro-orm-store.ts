import { setTimeout as sleep } from 'node:timers/promises';
import { errors, type ReadTx, type Store, type Tx } from '@pips/domain';
import type { Engine } from './engine';
import type { Orm } from './open-orm';
import { isRetryable, translateError } from './translate-error';
import { createSqlTx } from './sql/sql-tx';
import type { EmbeddedDatabase, PgliteProxy } from './pglite-proxy';
import type { PgliteThread } from './pglite-thread';
import { createInFlight } from './in-flight';
import { pgliteCommand, pgliteProtocolSession } from './sql/pglite-protocol';
import { createStatementNames, observedSession, type PgPool, type Session, type Sessions } from './sql/session';
import { pgSessions } from './pg-sessions';
import { databaseCopy, type DatabaseCopy } from './backup/database-copy';

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
  /** Backup and restore: a consistent read of the whole database, and a load into an empty one. */
  readonly copy: DatabaseCopy;
}

/** A blocking call to the database's thread as a promise, for the session: one that throws rejects instead. */
function blockingPost(thread: PgliteThread) {
  return (message: Uint8Array) => {
    try {
      return Promise.resolve(thread.protocolBlocking(message));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  };
}

/**
 * PGlite is one session on its own thread, answering in posting order. A read's statements are
 * posted at once, so the thread always has work queued. A transaction takes the session to itself:
 * once the reads posted before it are answered, its statements are blocking round trips (BEGIN
 * travels with the first), so it holds the session for its own work only, not for other requests'
 * JavaScript between its statements; COMMIT or ROLLBACK is posted like a read and the session
 * handed on at once, the thread's order keeping everything after it.
 */
function pgliteSessions({ thread, turns, prepared }: EmbeddedDatabase): Sessions {
  const names = { nameOf: createStatementNames(), prepared };
  const reads = createInFlight();
  const post = blockingPost(thread);
  const postEnd = (message: Uint8Array) => thread.protocol(message);
  return {
    reads: pgliteProtocolSession((message) => turns.shared(() => reads.track(thread.protocol(message))), names),
    waiting: () => reads.count() + turns.waiting(),
    transaction: (work) =>
      turns.exclusive(async (release) => {
        await reads.settled();
        const session = pgliteProtocolSession(post, names, { begin: true });
        const end = (sql: 'COMMIT' | 'ROLLBACK') => {
          if (!session.begun) return Promise.resolve();
          if (session.ended) {
            release();
            return Promise.resolve();
          }
          const ended = pgliteCommand(postEnd, sql);
          release();
          return ended;
        };
        try {
          const result = await work(session);
          await end('COMMIT');
          return result;
        } catch (error) {
          await end('ROLLBACK').catch((rollbackError: unknown) => {
            console.warn('pips: rollback after a failed transaction also failed', rollbackError);
          });
          throw error;
        }
      }),
  };
}

/**
 * The Store port on the database MikroORM opened. MikroORM owns the schema, the migrations and
 * the drivers (the `pg` pool with its type parsers, the PGlite instance); the statements of the
 * request path are this package's own SQL, run on the driver directly: see docs/decisions.md.
 * PGlite is a single session on a thread of its own, whose turns `pgliteSessions` keeps; close()
 * waits for the work in flight.
 */
export async function createMikroOrmStore(orm: Orm, engine: Engine, options: StoreOptions = {}): Promise<SqlStore> {
  const native = await orm.driver.getConnection().getNativeClient();
  const sessions = engine.kind === 'pglite' ? pgliteSessions((native as PgliteProxy).embedded) : pgSessions(native as PgPool, createStatementNames());
  const observe = (session: Session) => observedSession(session, options.onStatement);
  const readTx: ReadTx = createSqlTx(observe(sessions.reads), orm.driver);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;

  async function withRetries<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        return await sessions.transaction((session) => work(createSqlTx(observe(session), orm.driver)));
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

  const copy = databaseCopy(engine.kind, sessions);
  const open = () => (closed ? Promise.reject(new Error('store is closed')) : null);
  return {
    description: engine.description,
    queuedWork: sessions.waiting ?? null,
    copy: {
      engine: copy.engine,
      snapshot: (work) => open() ?? track(copy.snapshot(work)),
      target: (work) => open() ?? track(copy.target(work)),
      load: (work) => open() ?? track(copy.load(work)),
    },
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('store is closed'));
      return track(withRetries(work));
    },
    read<T>(work: (tx: ReadTx) => Promise<T>): Promise<T> {
      if (closed) return Promise.reject(new Error('store is closed'));
      return track((async () => work(readTx))());
    },
    async ping() {
      if (closed) throw new Error('store is closed');
      // A read: on PGlite's single session it waits for a transaction in progress, and fails once the thread is gone.
      await sessions.reads.run({ text: 'SELECT 1', values: [] });
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      if (options.ownsOrm !== false) await orm.close();
    },
  };
}
