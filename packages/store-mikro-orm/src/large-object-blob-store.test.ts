import { runBlobContract } from '@pips/store-contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { resolveEngine } from './engine';
import { createLargeObjectBlobStore } from './large-object-blob-store';
import { migrateDatabase } from './open-mikro-orm-store';
import { openOrm } from './open-orm';
import type { PgPool } from './sql/session';
import { createPostgresDatabase } from './test-databases';
import { postgresSuites } from './postgres-suites';

postgresSuites('blob contract: postgresql large objects', (adminUrl) => {
  let pool: PgPool;
  let done: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const database = await createPostgresDatabase(adminUrl);
    await migrateDatabase({ databaseUrl: database.url });
    const orm = await openOrm(resolveEngine({ databaseUrl: database.url }));
    pool = (await orm.driver.getConnection().getNativeClient()) as PgPool;
    done = async () => {
      await orm.close();
      await database.drop();
    };
  });
  afterAll(() => done());

  const sql = async (text: string) => (await pool.query({ text, values: [], rowMode: 'array' })).rows;

  runBlobContract({
    name: 'postgresql large objects',
    open: async () => {
      // Every case on the one database: a fresh store is one that holds nothing yet.
      await sql('SELECT lo_unlink(oid) FROM pg_largeobject_metadata');
      await sql('DELETE FROM large_object_blob');
      return {
      blobs: createLargeObjectBlobStore(pool),
      // Every large object of the database: the finished ones, and any a failed write left open.
      kept: async () => Number((await sql('SELECT count(*)::int FROM pg_largeobject_metadata'))[0]![0]),
      };
    },
  });

  describe('large objects and their record', () => {
    async function* bytes(text: string) {
      yield Buffer.from(text);
    }

    it('say they take writes to a readiness probe, in one statement that leaves nothing', async () => {
      const blobs = createLargeObjectBlobStore(pool);
      const objects = await sql('SELECT count(*)::int FROM pg_largeobject_metadata');
      expect(blobs.kind).toBe('large_objects');
      await blobs.probe();
      expect(await sql('SELECT count(*)::int FROM pg_largeobject_metadata')).toEqual(objects);
    });

    it('go together: a put records its object, a delete removes both, a failed put neither', async () => {
      await sql('SELECT lo_unlink(oid) FROM pg_largeobject_metadata');
      await sql('DELETE FROM large_object_blob');
      const blobs = createLargeObjectBlobStore(pool);
      const kept = await blobs.put(bytes('kept'));
      const gone = await blobs.put(bytes('gone'));
      await expect(blobs.put(bytes('short'), { size: 99 })).rejects.toThrow();
      await blobs.delete(gone.key);
      const pairs = await sql(`SELECT b.oid::text, b.size::int, m.oid IS NOT NULL FROM large_object_blob b FULL JOIN pg_largeobject_metadata m ON m.oid = b.oid::oid ORDER BY 1`);
      expect(pairs).toEqual([[kept.key, 4, true]]);
    });

    it('migration 0011 records the large objects already there, sized by their attachment or read, as stored now', async () => {
      const database = await createPostgresDatabase(adminUrl);
      onTestFinished(() => database.drop());
      const orm = await openOrm(resolveEngine({ databaseUrl: database.url }));
      onTestFinished(() => orm.close());
      await orm.migrator.up({ to: '0010_serial_number_per_part' });
      const em = orm.em.fork();
      const [named] = (await em.execute(`select lo_from_bytea(0, '\\x0102030405'::bytea)::text as oid`)) as [{ oid: string }];
      const [orphan] = (await em.execute(`select lo_from_bytea(0, 'orphaned'::bytea)::text as oid`)) as [{ oid: string }];
      // Another role's large object is not one of PIPS's files.
      const stranger = `pips_test_stranger_${process.pid}_${Date.now()}`;
      await em.execute(`create role "${stranger}"`);
      let theirs = '';
      try {
        [{ oid: theirs }] = (await em.execute(`select lo_from_bytea(0, 'theirs'::bytea)::text as oid`)) as [{ oid: string }];
        await em.execute(`alter large object ${theirs} owner to "${stranger}"`);
      } finally {
        onTestFinished(async () => {
          if (theirs) await em.execute(`select lo_unlink(${theirs})`).catch(() => undefined);
          await em.execute(`drop role if exists "${stranger}"`);
        });
      }
      await em.execute(
        `insert into "attachment" ("parent_type", "parent_id", "parent_reference", "title", "filename", "content_type", "position", "md5", "file_size", "blob_key", "created_at", "updated_at")
         values ('vendor', 1, 'vendor/1', 'T', 'f', 'application/pdf', 1, 'x', 5, '${named.oid}', now(), now())`,
      );
      expect((await orm.migrator.up({ to: '0011_large_object_blob_table' })).map((m) => m.name)).toEqual(['0011_large_object_blob_table']);
      const recorded = await em.execute(`select "oid"::text as oid, "size"::int as size, now() - "stored_at" < interval '1 hour' as recent from "large_object_blob" order by "oid"`);
      expect(recorded).toEqual([{ oid: named.oid, size: 5, recent: true }, { oid: orphan.oid, size: 8, recent: true }].sort((a, b) => Number(a.oid) - Number(b.oid)));
    });
  });
});
