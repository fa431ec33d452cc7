import { CommitInDoubt, isConnectionLoss } from './translate-error';
import { pgSession, type Answer, type PgClient, type PgPool, type Session, type Sessions, type StatementNames } from './sql/session';

const BEGIN = { text: 'BEGIN', values: [], rowMode: 'array' } as const;
const COMMIT = { text: 'COMMIT', values: [], rowMode: 'array' } as const;
const ROLLBACK = { text: 'ROLLBACK', values: [], rowMode: 'array' } as const;

/**
 * Sends what `send` queries in one socket write: node-postgres writes each query on its own (a
 * system call each), and statements that travel together need only one.
 */
function together<T>(client: PgClient, send: () => T): T {
  const stream = client.connection?.stream;
  stream?.cork?.();
  try {
    return send();
  } finally {
    stream?.uncork?.();
  }
}

/** The first refusal among `outcomes`, if any. */
const firstRefusal = (outcomes: Array<PromiseSettledResult<unknown>>) => outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');

/**
 * `sql` outside any transaction (no name, no values: node-postgres sends it by the simple
 * protocol), with no statement timeout: a vacuum of a large table may rightly take longer than a
 * request, as a migration may. The connection gets the pool's timeout back before it is returned.
 */
async function runAlone(pool: PgPool, sql: string): Promise<void> {
  const client = await pool.connect();
  const run = (text: string) => client.query({ text, values: [], rowMode: 'array' });
  let broken = false;
  try {
    await run('SET statement_timeout = 0');
    await run(sql);
  } finally {
    await run('RESET statement_timeout').catch(() => (broken = true));
    client.release(broken);
  }
}

/**
 * PostgreSQL: a transaction on one pooled connection, begun by its first statement. The pool's
 * connections pipeline (`open-orm.ts`), so BEGIN and a first statement that only reads go out
 * together: one round trip where two were. A first statement that writes waits for BEGIN's
 * answer, so a failed BEGIN can never leave a write committed on its own. A statement that
 * commits (`RunOptions.commit`) takes COMMIT with it, and the statements to run `before` one (a
 * lock) go in the same socket write, each answered before it begins. Work that sends nothing
 * sends no BEGIN, COMMIT or ROLLBACK. A connection lost once COMMIT was sent (or while a statement that commits
 * itself ran) is `CommitInDoubt`: the change may have been made, and the caller is told so.
 */
export function pgSessions(pool: PgPool, names: StatementNames): Sessions {
  return {
    reads: pgSession(pool, names),
    alone: (sql) => runAlone(pool, sql),
    async transaction(work) {
      const client = await pool.connect();
      const inner = pgSession(client, names);
      let begun = false;
      // Set once COMMIT has gone with a statement: the end sends nothing more.
      let ended = false;
      let broken: Error | undefined;
      const session: Session = {
        async run(statement, options) {
          if (ended) throw new Error('The transaction has ended');
          const before = options?.before ?? [];
          const sendBefore = () => before.map((sent) => inner.run(sent));
          if (options?.commit) {
            ended = true;
            if (!begun && before.length === 0) {
              // One statement commits itself: a connection lost while it ran leaves it in doubt too.
              return inner.run(statement).catch((error: unknown) => {
                throw isConnectionLoss(error) ? new CommitInDoubt(error) : error;
              });
            }
            if (!begun) await client.query(BEGIN);
            begun = true;
            // A failed statement leaves the transaction aborted, and COMMIT then rolls it back.
            const outcomes = await Promise.allSettled(together(client, () => [...sendBefore(), inner.run(statement), client.query(COMMIT)]));
            const commit = outcomes.pop()!;
            const refused = firstRefusal(outcomes);
            if (commit.status === 'rejected' && isConnectionLoss(commit.reason)) {
              // Had a statement failed in the database, COMMIT could only have rolled back.
              if (!refused || isConnectionLoss(refused.reason)) throw new CommitInDoubt(commit.reason);
            }
            if (refused) throw refused.reason;
            if (commit.status === 'rejected') throw commit.reason;
            return (outcomes.pop() as PromiseFulfilledResult<Answer>).value;
          }
          const begins = !begun;
          begun = true;
          // A first statement that writes waits for BEGIN's answer, so a failed BEGIN never leaves a write committed on its own.
          if (begins && !options?.readOnly) await client.query(BEGIN);
          if (!(begins && options?.readOnly) && before.length === 0) return inner.run(statement);
          const outcomes = await Promise.allSettled(
            together(client, () => [...(begins && options?.readOnly ? [client.query(BEGIN)] : []), ...sendBefore(), inner.run(statement)]),
          );
          // BEGIN's or a lock's failure is the cause; what follows it only repeats it.
          const refused = firstRefusal(outcomes);
          if (refused) throw refused.reason;
          return (outcomes.pop() as PromiseFulfilledResult<Answer>).value;
        },
      };
      try {
        // COMMIT is inside: a failed COMMIT is rolled back too, as MikroORM's transactional() does.
        try {
          const result = await work(session);
          if (begun && !ended) {
            await client.query(COMMIT).catch((error: unknown) => {
              throw isConnectionLoss(error) ? new CommitInDoubt(error) : error;
            });
          }
          return result;
        } catch (error) {
          if (begun && !ended) {
            await client.query(ROLLBACK).catch((rollbackError: unknown) => {
              // Why the work failed is what the caller needs; the rollback's failure is logged, not lost,
              // and the connection is dropped rather than handed to the next request mid-transaction.
              broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
              // A lost connection took the transaction with it: nothing to report beyond the work's own error.
              if (!isConnectionLoss(rollbackError)) console.warn('pips: rollback after a failed transaction also failed', rollbackError);
            });
          }
          throw error;
        }
      } finally {
        client.release(broken);
      }
    },
  };
}
