import type { Engine } from './engine';
import { withMigrationLock } from './migration-lock';
import type { Orm } from './open-orm';

/**
 * Applies pending migrations; returns their names (empty when the schema is current). On
 * PostgreSQL, which many processes share, under the migration lock, so servers starting together
 * apply each migration once; the embedded database belongs to one process already.
 */
export async function runMigrations(orm: Orm, engine: Engine): Promise<string[]> {
  const up = async () => (await orm.migrator.up()).map((m) => m.name);
  return engine.kind === 'postgresql' ? withMigrationLock(engine, up) : up();
}
