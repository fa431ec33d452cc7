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
 * JavaScript between its statements; COMMIT or ROLLBACK is posted like a read and the session
 * handed on at once, the thread's order keeping everything after it. `timed`: answers carry how
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
        await reads.settled();
        const session = pgliteProtocolSession(post, names, { begin: true });
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

