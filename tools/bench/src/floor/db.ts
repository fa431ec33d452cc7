import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Statement } from './sql';

/** What the floor asks of a database: rows of one parameterised statement. */
export interface Db {
  rows<T>(statement: Statement, values: readonly unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A pool of 10 connections, as PIPS's; each statement is prepared once per connection by name. */
export function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c TimeZone=UTC' });
  return {
    async rows<T>(statement: Statement, values: readonly unknown[]) {
      const result = await pool.query({ name: statement.name, text: statement.text, values: [...values] });
      return result.rows as T[];
    },
    close: () => pool.end(),
  };
}

/** PGlite in this process, on the data directory PIPS used (PIPS must have stopped: one process at a time). */
export async function openPglite(dataDir: string): Promise<Db> {
  const db = await PGlite.create({ dataDir });
  await db.exec(`SET TimeZone TO 'UTC'`);
  return {
    async rows<T>(statement: Statement, values: readonly unknown[]) {
      return (await db.query<T>(statement.text, [...values])).rows;
    },
    close: () => db.close(),
  };
}
