import { createHash } from 'node:crypto';
import type { Statement } from './statements';

/** What one statement answered: rows as arrays in select order, and how many rows it touched. */
export interface Answer {
  readonly rows: unknown[][];
  readonly count: number;
  /** PGlite, when timed: how long the statement waited for its turn on the session (`StatementRun.queueMs`). */
  readonly queuedMs?: number;
}

/** How one statement is to be run. */
export interface RunOptions {
  /** The statement only reads (or locks): a transaction may begin with it in the same round trip. */
  readonly readOnly?: boolean;
  /**
   * The transaction ends with this statement: COMMIT goes with it (or, when it is the first,
   * it runs on its own, one statement being atomic). A failing statement leaves the transaction
   * rolled back. Only a transaction's session takes it.
   */
  readonly commit?: boolean;
  /**
   * Statements (locks: a named one, or rows', `Tx.lockRows`) that run just before this one, in the
   * same round trip, each on its own, their rows not read: the statement begins once they have
   * answered, so it sees what the locks' last holders committed. The first of them to fail is what the run throws. Only a
   * transaction's session takes them.
   */
  readonly before?: readonly Statement[];
  /**
   * With `commit`, on a session that posts the statement and answers later in posting order (the
   * embedded database): called once it is posted, every later statement then running after it.
   * Never called elsewhere (`WriteOptions.posted`).
   */
  readonly posted?: () => void;
}

/** Somewhere statements run: a pool, one pooled connection, or the embedded database. */
export interface Session {
  run(statement: Statement, options?: RunOptions): Promise<Answer>;
}

/** How transactions and plain reads reach the database, per engine. */
export interface Sessions {
  /** Runs `work` on one connection between BEGIN and COMMIT (ROLLBACK when it throws). */
  transaction<T>(work: (session: Session) => Promise<T>): Promise<T>;
  /** Statements with no transaction around them, each on whichever connection is free. */
  readonly reads: Session;
  /** PGlite: the work waiting for its single session (reads posted and not answered, turns queued); absent on PostgreSQL. */
  readonly waiting?: () => number;
  /**
   * A command that may not run inside a transaction (VACUUM, CHECKPOINT), with no parameters, by
   * the simple protocol. On PGlite it has the single session to itself: what arrives meanwhile
   * waits for it, then goes in arrival order.
   */
  alone(sql: string): Promise<void>;
}

/** The prepared statement name of a text, if it has one (`createStatementNames`). */
export type StatementNames = (text: string) => string | undefined;

/** The part of a `pg` Pool or PoolClient used here (typed locally: `pg` is the driver's dependency). */
export interface PgQueryable {
  query(config: { text: string; values: readonly unknown[]; name?: string; rowMode: 'array' }): Promise<{
    rows: unknown[][];
    rowCount: number | null;
  }>;
}

export interface PgClient extends PgQueryable {
  release(destroy?: boolean | Error): void;
  /** node-postgres's connection; its socket is corked while several statements are sent at once. */
  connection?: { stream?: { cork?(): void; uncork?(): void } };
}

export interface PgPool extends PgQueryable {
  connect(): Promise<PgClient>;
}

/** Statements repeat; more distinct texts than this run unprepared rather than fill each connection. */
const MAX_PREPARED = 2000;

/**
 * Names for prepared statements, by text. node-postgres prepares a named statement once per
 * connection and then only binds and executes it, sparing PostgreSQL the parse and plan. The name
 * is a digest of the text, so stores sharing a pool (and its connections) agree on every name.
 */
export function createStatementNames(): StatementNames {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED) {
      names.set(text, (name = `pips_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`));
    }
    return name;
  };
}

export function pgSession(target: PgQueryable, nameOf: StatementNames): Session {
  return {
    async run({ text, values }) {
      const result = await target.query({ text, values, name: nameOf(text), rowMode: 'array' });
      return { rows: result.rows, count: result.rowCount ?? 0 };
    },
  };
}

/** `session`, telling `observe` about each statement before it runs (`sentWithNext`: in the same round trip as the one after it). */
export function observedSession(session: Session, observe: ((text: string, sentWithNext?: boolean) => void) | undefined): Session {
  if (!observe) return session;
  return {
    run(statement, options) {
      for (const before of options?.before ?? []) observe(before.text, true);
      observe(statement.text);
      return session.run(statement, options);
    },
  };
}
