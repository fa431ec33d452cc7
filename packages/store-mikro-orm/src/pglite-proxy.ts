import type { PgliteThread, QueryResult } from './pglite-thread';
import type { CrossQueryOptions } from './pglite-worker-messages';
import type { SessionTurns } from './session-turns';

/** The embedded database as this process holds it: its thread, the turns on its one session, and the statements prepared on it. */
export interface EmbeddedDatabase {
  readonly thread: PgliteThread;
  readonly turns: SessionTurns;
  /** Names parsed on the session (or whose parse is on its way): every store on it shares them. */
  readonly prepared: Set<string>;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
}

/** The part of a PGlite transaction MikroORM (through kysely) uses. */
interface ProxyTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

/** What stands in for a PGlite instance in MikroORM's hands (`driverOptions.pglite`). */
export interface PgliteProxy {
  readonly embedded: EmbeddedDatabase;
  readonly ready: boolean;
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  transaction<T>(callback: (tx: ProxyTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Functions cannot cross the thread; the row mode is all MikroORM passes. */
const crossOptions = (options: QueryOptions | undefined): CrossQueryOptions => (options?.rowMode ? { rowMode: options.rowMode } : {});

/**
 * A PGlite look-alike forwarding to the worker thread, so MikroORM keeps owning migrations and
 * schema on the same session the store uses. Its queries take shared turns and its transactions
 * exclusive ones, like the store's own reads and transactions.
 */
export function pgliteProxy(embedded: EmbeddedDatabase): PgliteProxy {
  const { thread, turns } = embedded;
  return {
    embedded,
    ready: true,
    waitReady: Promise.resolve(),
    get closed() {
      return thread.closed;
    },
    query: (sql, params = [], options) => turns.shared(() => thread.query(sql, params, crossOptions(options))),
    exec: (sql) => turns.shared(() => thread.exec(sql)),
    transaction: (callback) =>
      turns.exclusive(async () => {
        await thread.exec('BEGIN');
        let ended = false;
        const end = async (sql: 'COMMIT' | 'ROLLBACK') => {
          if (ended) return;
          ended = true;
          await thread.exec(sql);
        };
        const tx: ProxyTransaction = {
          query: (sql, params = [], options) => thread.query(sql, params, crossOptions(options)),
          exec: (sql) => thread.exec(sql),
          rollback: () => end('ROLLBACK'),
          get closed() {
            return ended;
          },
        };
        try {
          const result = await callback(tx);
          await end('COMMIT');
          return result;
        } catch (error) {
          await end('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    close: () => thread.close(),
  };
}
