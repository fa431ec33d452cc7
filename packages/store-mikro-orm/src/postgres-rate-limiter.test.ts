import pg from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openMikroOrmStore } from './open-mikro-orm-store';
import { openInTest, pgliteDataDir } from './test-scope';
import { createPostgresDatabase } from './test-databases';
import { postgresSuites } from './postgres-suites';

const budget = { points: 3, duration: 60, keyPrefix: 'api_token' };

describe('the shared rate limiter', () => {
  it('is PostgreSQL\'s only: the embedded database is one process\'s', async () => {
    const dataDir = await pgliteDataDir('migrated');
    const store = await openInTest(() => openMikroOrmStore({ dataDir }));
    expect(store.sharedRateLimiter).toBeNull();
  });
});

postgresSuites('the shared rate limiter on PostgreSQL', (adminUrl) => {
  describe('the shared rate limiter on PostgreSQL', () => {
    it('counts a key once across stores on one database, in the migrated table, by key alone', async () => {
      const database = await createPostgresDatabase(adminUrl);
      onTestFinished(() => database.drop());
      const [one, two] = [await openInTest(() => openMikroOrmStore({ databaseUrl: database.url })), await openInTest(() => openMikroOrmStore({ databaseUrl: database.url, migrate: false }))];
      const [first, second] = [one.sharedRateLimiter!(budget), two.sharedRateLimiter!(budget)];

      for (const limiter of [first, second, first]) await limiter.consume('7');
      const refused = await second.consume('7').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(RateLimiterRes);
      const wait = (refused as RateLimiterRes).msBeforeNext;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_000);
      // Past its budget a key is refused by the process that saw it without asking the database
      // again (the count stays 4 for it), and by the other after one more look (5).
      await expect(second.consume('7')).rejects.toBeInstanceOf(RateLimiterRes);
      await expect(first.consume('7')).rejects.toBeInstanceOf(RateLimiterRes);
      await expect(first.consume('7')).rejects.toBeInstanceOf(RateLimiterRes);
      expect((await second.consume('8')).remainingPoints).toBe(2);

      expect(await rowsOf(database.url)).toEqual([
        { key: 'api_token:7', points: 5 },
        { key: 'api_token:8', points: 1 },
      ]);
    });
  });
});

/** The limiter's rows: keys and counts, nothing else. */
async function rowsOf(url: string): Promise<Array<{ key: string; points: number }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ key: string; points: number }>('select key, points from rate_limit order by key')).rows;
  } finally {
    await client.end();
  }
}
