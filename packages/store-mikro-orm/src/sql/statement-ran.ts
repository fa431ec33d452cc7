import type { Session } from './session';

/**
 * One statement of the request path, once it has answered or failed: its text (parameters as
 * `$n`, never their values), the engine it ran on and when. What a tracer or a slow-statement log
 * needs, without this package knowing either.
 */
export interface StatementRun {
  readonly text: string;
  readonly engine: 'postgresql' | 'pglite';
  /** When the store was asked to run it, in milliseconds since the epoch (fractional). */
  readonly startedAt: number;
  /** From the asking to the answer, queue included. */
  readonly durationMs: number;
  /**
   * PGlite: how long it waited for its turn on the single session before it was posted (a read:
   * part of `durationMs`; a transaction's first statement: the transaction's wait, just before it).
   */
  readonly queueMs?: number;
  /** PostgreSQL's SQLSTATE of a statement that failed (`23505`), or `failed` for another error. */
  readonly errorCode?: string;
}

/** Told of each statement once it has answered or failed; it must not throw. */
export type StatementRan = (run: StatementRun) => void;

const epochNow = () => performance.timeOrigin + performance.now();

function errorCodeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : 'failed';
}

/** `session`, telling `ran` about each statement once it is over; the answer's `queuedMs` is its queue time. */
export function timedSession(session: Session, engine: StatementRun['engine'], ran: StatementRan | undefined): Session {
  if (!ran) return session;
  return {
    async run(statement, options) {
      // Statements sent before it in its round trip (a lock) are in its span: their time is in its own.
      const text = options?.before?.length ? [...options.before, statement].map((sent) => sent.text).join(';\n') : statement.text;
      const startedAt = epochNow();
      const started = performance.now();
      try {
        const answer = await session.run(statement, options);
        const run = { text, engine, startedAt, durationMs: performance.now() - started };
        ran(answer.queuedMs === undefined ? run : { ...run, queueMs: answer.queuedMs });
        return answer;
      } catch (error) {
        ran({ text, engine, startedAt, durationMs: performance.now() - started, errorCode: errorCodeOf(error) });
        throw error;
      }
    },
  };
}
