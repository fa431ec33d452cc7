import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, type MikroOrmStoreOptions } from './index';
import { openOrm } from './open-orm';
import { resolveEngine } from './engine';
import { migrationsList } from './migrations';
import { createPostgresDatabase, makeTempDir, removeDir, TEST_DATABASE_URL } from './test-databases';

/** The committed migrations build exactly the schema the entities describe, once. */
function describeMigrations(name: string, fresh: () => Promise<{ options: MikroOrmStoreOptions; cleanup(): Promise<void> }>) {
  describe(`migrations on ${name}`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups) await cleanup();
    });

    it('apply on a fresh database, then nothing is pending and the schema matches the entities', async () => {
      const { options, cleanup } = await fresh();
      cleanups.push(cleanup);
      expect(await migrateDatabase(options)).toEqual({ applied: migrationsList.map((m) => m.name) });
      expect(await migrateDatabase(options)).toEqual({ applied: [] });

      const orm = await openOrm(resolveEngine(options));
      try {
        const diff = await orm.schema.getUpdateSchemaSQL({ wrap: false });
        expect(diff.trim()).toBe('');
        const sequences = await orm.em
          .fork()
          .execute<Array<{ name: string }>>(`select sequence_name as name from information_schema.sequences where sequence_name like 'pips_%' order by 1`);
        expect(sequences.map((s) => s.name)).toEqual(['pips_asset_id_seq', 'pips_part_number_seq']);
      } finally {
        await orm.close();
      }
    });
  });
}

describeMigrations('pglite', async () => {
  const dir = await makeTempDir();
  return { options: { dataDir: dir }, cleanup: () => removeDir(dir) };
});

if (TEST_DATABASE_URL) {
  const adminUrl = TEST_DATABASE_URL;
  describeMigrations('postgresql', async () => {
    const database = await createPostgresDatabase(adminUrl);
    return { options: { databaseUrl: database.url }, cleanup: () => database.drop() };
  });
}
