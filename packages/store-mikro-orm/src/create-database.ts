import { resolveEngine, type MikroOrmStoreOptions } from './engine';
import { openOrm } from './open-orm';

/** What `createDatabase` did. */
export type CreateDatabaseResult = 'created' | 'exists' | 'embedded';

/** `"name"` with any `"` doubled: a database name is an identifier, never spliced in raw. */
const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Creates the PostgreSQL database `databaseUrl` names, connecting to the server's `postgres`
 * database to do it. Opening a store never creates a database (a mistyped name must fail), so
 * this is the one explicit way. The embedded database needs no creating.
 */
export async function createDatabase(options: MikroOrmStoreOptions): Promise<CreateDatabaseResult> {
  const engine = resolveEngine(options);
  if (engine.kind === 'pglite') return 'embedded';
  const target = new URL(engine.url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, '')) || 'postgres';
  const maintenance = new URL(engine.url);
  maintenance.pathname = '/postgres';
  const admin = await openOrm(resolveEngine({ databaseUrl: maintenance.toString() }), options.debug);
  try {
    const em = admin.em.fork();
    const found = await em.execute<Array<{ one: number }>>('select 1 as one from pg_database where datname = ?', [name]);
    if (found.length > 0) return 'exists';
    try {
      await em.execute(`create database ${quoteIdentifier(name)}`);
    } catch (error) {
      // Created by someone else between the look-up and here (42P04: duplicate_database).
      if ((error as { code?: unknown }).code === '42P04') return 'exists';
      throw error;
    }
    return 'created';
  } finally {
    await admin.close();
  }
}
