import { setTimeout as sleep } from 'node:timers/promises';
import { errors, type ReadTx, type Store, type Tx } from '@pips/domain';
import type { Engine } from './engine';
import type { Orm } from './open-orm';
import { isRetryable, translateError } from './translate-error';
import { createSqlTx } from './sql/sql-tx';
import type { PgliteProxy } from './pglite-proxy';
import { pgliteSessions } from './pglite-sessions';
import { createStatementNames, observedSession, type PgPool, type Session } from './sql/session';
import { pgSessions } from './pg-sessions';
import { timedSession, type StatementRan } from './sql/statement-ran';
import { databaseCopy, type DatabaseCopy } from './backup/database-copy';
import { readMigrationLevel, type MigrationLevel } from './migration-level';
import type { PgliteThreadState } from './pglite-thread';
import { directorySize } from './directory-size';
import { createUpkeep, UPKEEP_EVERY, type Upkeep, type VacuumReport } from './upkeep';

/** Attempts per transaction when PostgreSQL reports a serialization failure or deadlock. */
const MAX_ATTEMPTS = 5;

export interface StoreOptions {
  /** close() also closes the ORM (false when a test shares one ORM between stores). */
  ownsOrm?: boolean;
  /**
   * Told each statement's SQL before it runs (tests count them; a debug log could print them), and
   * whether it goes in the same round trip as the statement after it (a lock sent with a read).
   */
  onStatement?: (sql: string, sentWithNext?: boolean) => void;
  /** Told of each statement once it is over: its text, engine, timing (a tracer's statement spans). */
  statementRan?: StatementRan;
  /**
   * PGlite: committed transactions between two runs of its upkeep (vacuum, analyze, checkpoint;
   * `upkeep.ts`); default `UPKEEP_EVERY`, 0 for none. Ignored on PostgreSQL, whose autovacuum does it.
   */
  upkeepEvery?: number;
}

/** The Store, and what a scrape of the server's metrics may read of its load. */
export interface SqlStore extends Store {
  /** PGlite: the store's work waiting its turn on the single session; null on PostgreSQL, whose pool says more. */
  readonly queuedWork: (() => number) | null;
  /** Backup and restore: a consistent read of the whole database, and a load into an empty one. */
  readonly copy: DatabaseCopy;
  /** The last migration applied, against this build's (one statement): what `/readyz` reports. */
  migrationLevel(): Promise<MigrationLevel>;
  /** PGlite: its thread (alive, calls posted, the oldest's wait) and the store's work queued for it; null on PostgreSQL. */
  readonly databaseThread: (() => DatabaseThreadState) | null;
  /** `VACUUM (ANALYZE)` of every table, and on PGlite a checkpoint: `pips db vacuum`. */
  readonly vacuum: () => Promise<VacuumReport>;
  /** The embedded database's automatic upkeep (tests run it by hand, as its count of commits would). */
  readonly upkeep: Pick<Upkeep, 'run' | 'settled'>;
}

/** The embedded database's thread as `/readyz` reports it. */
export interface DatabaseThreadState extends PgliteThreadState {
  /** The store's work waiting its turn on the single session (`queuedWork`). */
  readonly queued: number;
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
  const ran = options.statementRan;
  const sessions =
    engine.kind === 'pglite' ? pgliteSessions((native as PgliteProxy).embedded, ran !== undefined) : pgSessions(native as PgPool, createStatementNames());
  const observe = (session: Session) => timedSession(observedSession(session, options.onStatement), engine.kind, ran);
  const observedReads = observe(sessions.reads);
  const readTx: ReadTx = createSqlTx(observedReads, orm.driver);
  const inFlight = new Set<Promise<unknown>>();
  let closed = false;
  const upkeep = createUpkeep({
    engine: engine.kind,
    sessions,
    every: engine.kind === 'pglite' ? (options.upkeepEvery ?? UPKEEP_EVERY) : 0,
    ...(engine.kind === 'pglite' && { size: () => directorySize(engine.dataDir) }),
  });

  async function withRetries<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attemptNo = 1; ; attemptNo++) {
      try {
        const result = await sessions.transaction((session) => work(createSqlTx(observe(session), orm.driver)));
        upkeep.committed();
        return result;
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
  const thread = engine.kind === 'pglite' ? (native as PgliteProxy).embedded.thread : null;
  const waiting = sessions.waiting;
  const open = () => (closed ? Promise.reject(new Error('store is closed')) : null);
  return {
    description: engine.description,
    queuedWork: waiting ?? null,
    migrationLevel: () => open() ?? readMigrationLevel(observedReads),
    databaseThread: thread && (() => ({ ...thread.state(), queued: waiting?.() ?? 0 })),
    copy: {
      engine: copy.engine,
      snapshot: (work) => open() ?? track(copy.snapshot(work)),
      target: (work) => open() ?? track(copy.target(work)),
      load: (work) => open() ?? track(copy.load(work)),
    },
    vacuum: () => open() ?? track(upkeep.vacuumAll()),
    upkeep: { run: () => open() ?? track(upkeep.run()), settled: upkeep.settled },
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
      await Promise.allSettled([...inFlight, upkeep.settled()]);
      if (options.ownsOrm !== false) await orm.close();
    },
  };
}
