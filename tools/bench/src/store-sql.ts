import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { postgresClientOptions } from '@pips/store-mikro-orm';
import type { Prepared } from './server';

/**
 * Runs `statements` in turn straight on the data PIPS uses, outside PIPS: on PostgreSQL over a
 * connection of its own, on PGlite in this process (PIPS must be stopped: one process at a time).
 * Each statement may hold several; the last one's rows are returned.
 */
export async function runSql(prepared: Prepared, statements: readonly string[]): Promise<Array<Record<string, unknown>>> {
  let rows: Array<Record<string, unknown>> = [];
  if (prepared.env.DATABASE_URL) {
    const client = new pg.Client(postgresClientOptions(prepared.env.DATABASE_URL));
    await client.connect();
    try {
      for (const statement of statements) rows = (await client.query(statement)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
    return rows;
  }
  // The extensions PIPS opens PGlite with: its trigram indexes need pg_trgm's code.
  const db = await PGlite.create({ dataDir: join(prepared.env.DATA_DIR!, 'pglite'), extensions: { pg_trgm } });
  try {
    for (const statement of statements) {
      const results = await db.exec(statement);
      rows = (results[results.length - 1]?.rows ?? []) as Array<Record<string, unknown>>;
    }
  } finally {
    await db.close();
  }
  return rows;
}
