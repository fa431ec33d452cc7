import type { Orm } from './open-orm';

/** Applies pending migrations; returns their names (empty when the schema is current). */
export async function runMigrations(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
