import type { EmbeddedDatabase } from './pglite-proxy';
import type { PgliteThread } from './pglite-thread';
import { createInFlight } from './in-flight';
import { pgliteCommand, pgliteProtocolSession, type PreparedNames } from './sql/pglite-protocol';
import { createStatementNames, type Session, type Sessions } from './sql/session';

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
 * Reads that say in each answer how long they waited for their turn (`queuedMs`): each statement
 * gets a post of its own, which notes when the session took it.
 */
function queueTimedReads(post: (message: Uint8Array, taken: () => void) => Promise<Uint8Array>, names: PreparedNames): Session {
  return {
    async run(statement, options) {
      const asked = performance.now();
      let posted = asked;
      const session = pgliteProtocolSession((message) => post(message, () => (posted = performance.now())), names);
      const answer = await session.run(statement, options);
      return { ...answer, queuedMs: posted - asked };
    },
  };
}

/** `session` whose first answer carries `queuedMs`: a transaction's wait for its turn, paid before its first statement. */
function firstAnswerQueued(session: Session, queuedMs: number): Session {
  let first = true;
  return {
    async run(statement, options) {
      const answer = await session.run(statement, options);
      if (!first) return answer;
      first = false;
      return { ...answer, queuedMs };
    },
  };
}

/**
 * PGlite is one session on its own thread, answering in posting order. A read's statements are
 * posted at once, so the thread always has work queued. A transaction takes the session to itself:
 * once the reads posted before it are answered, its statements are blocking round trips (BEGIN
 * travels with the first), so it holds the session for its own work only, not for other requests'
 * JavaScript between its statements; COMMIT or ROLLBACK, and a statement that commits (a plan
 * written with `commit`, which nothing of the transaction follows), are posted like a read and the
 * session handed on at once, the thread's order keeping everything after it. A transaction of one
 * statement that commits so never blocks the server's thread, nor waits for the reads before it. `timed`: answers carry how
 * long their statement waited for its turn (for `StatementRan`; nothing is measured otherwise).
 */
export function pgliteSessions({ thread, turns, prepared }: EmbeddedDatabase, timed = false): Sessions {
  const names = { nameOf: createStatementNames(), prepared };
  const reads = createInFlight();
  const post = blockingPost(thread);
  const postEnd = (message: Uint8Array) => thread.protocol(message);
  return {
    reads: timed
      ? queueTimedReads((message, taken) => turns.shared(() => (taken(), reads.track(thread.protocol(message)))), names)
      : pgliteProtocolSession((message) => turns.shared(() => reads.track(thread.protocol(message))), names),
    waiting: () => reads.count() + turns.waiting(),
    // Posted like COMMIT: the thread's order puts it after the reads posted before it.
    alone: (sql) => turns.exclusive(() => pgliteCommand(postEnd, sql)),
    transaction: (work) => {
      const asked = timed ? performance.now() : 0;
      return turns.exclusive(async (release) => {
        // The reads posted before the turn are answered before a blocking statement is posted.
        let readsSettled = false;
        const blocking = async (message: Uint8Array) => {
          if (!readsSettled) await reads.settled();
          readsSettled = true;
          return post(message);
        };
        // A statement that commits is the transaction's last: posted like COMMIT, the session handed on at once.
        const last = (message: Uint8Array) => {
          const answered = thread.protocol(message);
          release();
          return answered;
        };
        const session = pgliteProtocolSession(blocking, names, { begin: true, postLast: last });
        const worked = timed ? firstAnswerQueued(session, performance.now() - asked) : session;
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
          const result = await work(worked);
          await end('COMMIT');
          return result;
        } catch (error) {
          await end('ROLLBACK').catch((rollbackError: unknown) => {
            console.warn('pips: rollback after a failed transaction also failed', rollbackError);
          });
          throw error;
        }
      });
    },
  };
}

