import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MigrationObject } from '@mikro-orm/core';
import { resolveEngine } from './engine';
import { runMigrations } from './migrate';
import { migrationsList } from './migrations';
import { appendToIndex, isMigrationName, migrationNames, migrationSource, nextMigrationNumber, splitStatements } from './migration-source';
import { openOrm } from './open-orm';
import { extensionsFirst } from './trigram-index';

/** A refusal `migration:create` reports in one line: a bad name, or nothing to create. */
export class MigrationCreateRefusal extends Error {}

export interface CreateMigrationOptions {
  /** Lowercase words and digits joined by hyphens: `add-part-table`. */
  name: string;
  /** The folder of the migrations and their `index.ts`; the new file goes there. */
  dir: string;
  /** The migrations the folder holds, applied before comparing; this package's committed ones by default. */
  migrations?: MigrationObject[];
  /** A DATA_DIR of an empty embedded database to start from instead of creating one (tests pass a prepared one). */
  template?: string;
  /** Where the temporary database goes; the system's temporary folder by default. */
  tmpRoot?: string;
}

export interface CreatedMigration {
  /** The new file's path. */
  file: string;
  up: string[];
  down: string[];
}

/**
 * Writes the next migration: the SQL that takes a database migrated with `migrations` to what the
 * entities declare (up) and back (down), as MikroORM's schema comparator sees it, then lists it in
 * `index.ts`. Compares on a temporary embedded database, removed whatever happens.
 */
export async function createMigration(options: CreateMigrationOptions): Promise<CreatedMigration> {
  if (!isMigrationName(options.name)) {
    throw new MigrationCreateRefusal(`${JSON.stringify(options.name)} is not a migration name: lowercase words and digits joined by hyphens`);
  }
  // Everything about the folder is checked before the database work, so a mistake costs nothing.
  const names = migrationNames(nextMigrationNumber(await readdir(options.dir)), options.name);
  const indexFile = join(options.dir, 'index.ts');
  const index = appendToIndex(await readFile(indexFile, 'utf8'), names);

  const { up, down } = await schemaDifference(options.migrations ?? migrationsList, options);
  if (up.length === 0) throw new MigrationCreateRefusal('schema matches the migrations; nothing to create');

  const file = join(options.dir, names.file);
  // `wx`: never overwrite a file that is there after all.
  await writeFile(file, migrationSource(names, options.name, up, down), { flag: 'wx' });
  await writeFile(indexFile, index);
  return { file, up, down };
}

async function schemaDifference(
  migrations: MigrationObject[],
  options: Pick<CreateMigrationOptions, 'template' | 'tmpRoot'>,
): Promise<{ up: string[]; down: string[] }> {
  const root = await mkdtemp(join(options.tmpRoot ?? tmpdir(), 'pips-migration-create-'));
  try {
    const dataDir = join(root, 'data');
    if (options.template) await cp(options.template, dataDir, { recursive: true });
    const engine = resolveEngine({ dataDir });
    const orm = await openOrm(engine, false, migrations);
    try {
      await runMigrations(orm, engine);
      const diff = await orm.schema.getUpdateSchemaMigrationSQL({ wrap: false });
      return { up: extensionsFirst(splitStatements(diff.up)), down: splitStatements(diff.down) };
    } finally {
      await orm.close();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
