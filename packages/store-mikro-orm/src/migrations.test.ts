import { describe, expect, it, onTestFinished } from 'vitest';
import { schema } from '@pips/domain/storage';
import { migrateDatabase, type MikroOrmStoreOptions } from './index';
import { openOrm } from './open-orm';
import { resolveEngine } from './engine';
import { migrationsList } from './migrations';
import { openInTest, pgliteDataDir, runInTest } from './test-scope';
import { createPostgresDatabase } from './test-databases';
import { postgresSuites } from './postgres-suites';
import { tableNames } from './table-specs';

/** Every trigram index the tables declare, by name. */
const trigramIndexes = tableNames
  .flatMap((table) => schema[table].indexes.filter((index) => index.using === 'trigram'))
  .sort((a, b) => (a.name < b.name ? -1 : 1));

/** The committed migrations build exactly the schema the entities describe, once. */
function describeMigrations(name: string, fresh: () => Promise<MikroOrmStoreOptions>) {
  describe(`migrations on ${name}`, () => {
    it('apply on a fresh database, then nothing is pending and the schema matches the entities', async () => {
      const options = await fresh();
      const migrate = () => runInTest(() => migrateDatabase(options));
      expect(await migrate()).toEqual({ applied: migrationsList.map((m) => m.name) });
      expect(await migrate()).toEqual({ applied: [] });

      const orm = await openInTest(() => openOrm(resolveEngine(options)));
      const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
      expect(diff.trim()).toBe('');
      const sequences = await orm.em
        .fork()
        .execute<Array<{ name: string }>>(`select sequence_name as name from information_schema.sequences where sequence_name like 'pips_%' order by 1`);
      expect(sequences.map((s) => s.name)).toEqual(['pips_asset_id_seq', 'pips_part_number_seq']);

      // The comparator matches a trigram index by name only (trigram-index.ts): how each is built is checked here.
      const built = await orm.em
        .fork()
        .execute<Array<{ name: string; def: string }>>(`select indexname as name, indexdef as def from pg_indexes where schemaname = current_schema() and indexdef like '%USING gin%' order by 1`);
      expect(built.map(({ name, def }) => [name, def.replace(/^.* USING /, 'USING ')])).toEqual(
        trigramIndexes.map((index) => [index.name, `USING gin (${index.columns.map((column) => `${column} gin_trgm_ops`).join(', ')}) WITH (fastupdate=off)`]),
      );
    });
  });
}

// A copy of the run's initialised template: a database that exists and has no schema yet.
describeMigrations('pglite', async () => ({ dataDir: await pgliteDataDir('initialised') }));

postgresSuites('migrations on postgresql', (adminUrl) => {
  describeMigrations('postgresql', async () => {
    const database = await createPostgresDatabase(adminUrl);
    onTestFinished(() => database.drop());
    return { databaseUrl: database.url };
  });
});
