import pg from 'pg';
import { postgresClientOptions, startPgliteThread } from '@pips/store-mikro-orm';
import { serialize } from 'pg-protocol';
import type { DataRowMessage, DatabaseError, RowDescriptionMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import type { Statement } from './sql';

/** What the floor asks of a database: rows of one parameterised statement. */
export interface Db {
  rows<T>(statement: Statement, values: readonly unknown[]): Promise<T[]>;
  /**
   * The rows of `statement` in a transaction that first runs `locks` (plain SQL, literals only):
   * BEGIN with the locks, the statement prepared, and COMMIT, in one round trip (ROLLBACK after a failure).
   */
  lockedRows<T>(locks: string, statement: Statement, values: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * A pool of `max` connections (the bench gives PIPS's); each statement is prepared once per
 * connection by name. JIT is off, as in PIPS's own sessions. Statements sent before the previous
 * one is answered go out at once (node-postgres's pipelining), as PIPS's store sends them.
 */
export function openPostgres(url: string, max: number): Db {
  const pool = new pg.Pool({ ...postgresClientOptions(url), max, options: '-c TimeZone=UTC -c jit=off', pipeline: true });
  return {
    async rows<T>(statement: Statement, values: readonly unknown[]) {
      const result = await pool.query({ name: statement.name, text: statement.text, values: [...values] });
      return result.rows as T[];
    },
    async lockedRows<T>(locks: string, statement: Statement, values: readonly unknown[]) {
      const client = await pool.connect();
      // All three go out together. The server runs them in turn, so the statement's snapshot is
      // taken once the locks are held and sees what their last holder committed. Without values
      // node-postgres sends a simple query, which may hold several statements.
      const settled = await Promise.allSettled([
        client.query(`BEGIN; ${locks}`),
        client.query({ name: statement.name, text: statement.text, values: [...values] }),
        client.query('COMMIT'),
      ]);
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      if (failed) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      if (failed) throw failed.reason;
      return (settled[1] as PromiseFulfilledResult<pg.QueryResult>).value.rows as T[];
    },
    close: () => pool.end(),
  };
}

/** Text as the column's type reads in JavaScript; what is not listed stays text. */
function parse(dataTypeId: number, text: string): unknown {
  switch (dataTypeId) {
    case 16:
      return text === 't';
    case 20:
    case 21:
    case 23:
    case 700:
    case 701:
      return Number(text);
    case 114:
    case 3802:
      return JSON.parse(text) as unknown;
    default:
      return text;
  }
}

/**
 * PGlite on a thread of its own, as PIPS's store runs it (`startPgliteThread`), on the data
 * directory PIPS used (PIPS must have stopped: one process at a time): the floor's HTTP and the
 * database's work run side by side, as PIPS's do. Each statement is one buffer of protocol
 * messages, prepared once by name, as PIPS's store sends it.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const thread = await startPgliteThread(dataDir);
  await thread.exec(`SET TimeZone TO 'UTC'`);
  const prepared = new Set<string>();
  /** The messages that run `statement` once: parsed once by name, then only bound and executed, as PIPS's store does. */
  const run = (statement: Statement, values: readonly unknown[]): Buffer[] => {
    const parseFirst = prepared.has(statement.name) ? [] : [serialize.parse({ name: statement.name, text: statement.text, types: [] })];
    prepared.add(statement.name);
    return [
      ...parseFirst,
      serialize.bind({ statement: statement.name, values: values.map((value) => (value === null || value === undefined ? null : String(value))) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
  };
  /** The rows of the last statement in `message` that describes any (a later COMMIT describes none); PostgreSQL's first error thrown. */
  const rowsOf = async <T>(message: Buffer): Promise<T[]> => {
    const raw = await thread.protocol(message);
    let columns: RowDescriptionMessage['fields'] = [];
    let rows: T[] = [];
    let error: DatabaseError | undefined;
    new Parser().parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), (m) => {
      if (m.name === 'rowDescription') {
        columns = (m as RowDescriptionMessage).fields;
        rows = [];
      } else if (m.name === 'dataRow') {
        const row: Record<string, unknown> = {};
        (m as DataRowMessage).fields.forEach((text: string | null, i) => {
          const column = columns[i]!;
          row[column.name] = text === null ? null : parse(column.dataTypeID, text);
        });
        rows.push(row as T);
      } else if (m.name === 'error') error ??= m as DatabaseError;
    });
    if (error) throw error;
    return rows;
  };
  return {
    rows: <T>(statement: Statement, values: readonly unknown[]) => rowsOf<T>(Buffer.concat(run(statement, values))),
    // The whole transaction in one call: one crossing into the database, which no other request's statements can enter.
    lockedRows: <T>(locks: string, statement: Statement, values: readonly unknown[]) =>
      rowsOf<T>(Buffer.concat([serialize.query(`BEGIN; ${locks}`), ...run(statement, values), serialize.query('COMMIT')])),
    close: () => thread.close(),
  };
}
