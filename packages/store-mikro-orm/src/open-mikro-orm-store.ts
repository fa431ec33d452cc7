import type { Store } from '@pips/domain';
import { resolveEngine, type MikroOrmStoreOptions } from './engine';
import { runMigrations } from './migrate';
import { createMikroOrmStore } from './mikro-orm-store';
import { openOrm } from './open-orm';

/** Opens the store on PostgreSQL (`databaseUrl`) or embedded PGlite (`${dataDir}/pglite`), migrating unless told not to. */
export async function openMikroOrmStore(options: MikroOrmStoreOptions): Promise<Store> {
  const engine = resolveEngine(options);
  // A migration may take longer than the statement timeout allows: it runs on a connection without one.
  const migrateApart = options.migrate !== false && engine.kind === 'postgresql' && engine.pool.statementTimeoutMs > 0;
  if (migrateApart) await migrateDatabase(options);
  const orm = await openOrm(engine, options.debug);
  try {
    if (options.migrate !== false && !migrateApart) await runMigrations(orm);
    return await createMikroOrmStore(orm, engine, { onStatement: options.onStatement });
  } catch (error) {
    await orm.close();
    throw error;
  }
}

/** Applies pending migrations and closes the connection again; no statement timeout applies. */
export async function migrateDatabase(options: MikroOrmStoreOptions): Promise<{ applied: string[] }> {
  const orm = await openOrm(resolveEngine({ ...options, statementTimeoutMs: 0 }), options.debug);
  try {
    return { applied: await runMigrations(orm) };
  } finally {
    await orm.close();
  }
}
