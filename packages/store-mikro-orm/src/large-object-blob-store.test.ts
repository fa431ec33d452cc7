import { runBlobContract } from '@pips/store-contract';
import { afterAll, beforeAll } from 'vitest';
import { resolveEngine } from './engine';
import { createLargeObjectBlobStore } from './large-object-blob-store';
import { openOrm } from './open-orm';
import type { PgPool } from './sql/session';
import { createPostgresDatabase } from './test-databases';
import { postgresSuites } from './postgres-suites';

postgresSuites('blob contract: postgresql large objects', (adminUrl) => {
  let pool: PgPool;
  let done: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const database = await createPostgresDatabase(adminUrl);
    const orm = await openOrm(resolveEngine({ databaseUrl: database.url }));
    pool = (await orm.driver.getConnection().getNativeClient()) as PgPool;
    done = async () => {
      await orm.close();
      await database.drop();
    };
  });
  afterAll(() => done());

  runBlobContract({
    name: 'postgresql large objects',
    open: async () => ({
      blobs: createLargeObjectBlobStore(pool),
      // Every large object of the database: the finished ones, and any a failed write left open.
      kept: async () => Number((await pool.query({ text: 'SELECT count(*)::int FROM pg_largeobject_metadata', values: [], rowMode: 'array' })).rows[0]![0]),
    }),
  });
});
