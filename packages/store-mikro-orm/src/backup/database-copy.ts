import type { Sessions } from '../sql/session';
import { restoreTarget, withForeignKeysAside, type RestoreTarget, type RestoreWriter } from './restore-writer';
import { snapshotReader, type SnapshotReader } from './snapshot-reader';

/** What backup and restore need of the database: a consistent read of all of it, and a load into an empty one. */
export interface DatabaseCopy {
  readonly engine: 'pglite' | 'postgresql';
  /**
   * Runs `work` in one REPEATABLE READ, READ ONLY transaction: everything it reads is of one
   * point in time, large objects included. On PGlite, a single session, writes wait meanwhile.
   */
  snapshot<T>(work: (reader: SnapshotReader) => Promise<T>): Promise<T>;
  /** Reads what a restore must know of this database first. */
  target<T>(work: (target: RestoreTarget) => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction, foreign keys set aside and checked again at its end: all of it or none. */
  load(work: (writer: RestoreWriter) => Promise<void>): Promise<void>;
}

export function databaseCopy(engine: DatabaseCopy['engine'], sessions: Sessions): DatabaseCopy {
  return {
    engine,
    snapshot: (work) =>
      sessions.transaction(async (session) => {
        await session.run({ text: 'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY', values: [] }, { readOnly: true });
        return work(snapshotReader(session));
      }),
    target: (work) => sessions.transaction((session) => work(restoreTarget(session))),
    load: (work) => sessions.transaction((session) => withForeignKeysAside(session, work)),
  };
}
