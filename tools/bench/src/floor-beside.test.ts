import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startFloorBeside } from './floor';
import { engines, startServer } from './server';

const postgres = engines({ PIPS_TEST_DATABASE_URL: process.env.PIPS_TEST_DATABASE_URL, BENCH_ENGINES: 'postgresql' })[0];

/** The tables of the database at `url` that PostgreSQL has analysed, by name. */
function analysed(url: string): string[] {
  const sql = 'SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL ORDER BY relname';
  return execFileSync('psql', ['-qAt', url, '-c', sql], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe.skipIf(!postgres)('the floor started beside PIPS (needs PIPS_TEST_DATABASE_URL)', () => {
  it('starts once the seeded tables are analysed, as autovacuum would have', async () => {
    const data = postgres!.prepare();
    const stops: Array<() => Promise<void> | void> = [() => data.cleanup()];
    try {
      const server = await startServer(data);
      stops.push(() => server.stop());
      const url = data.env.DATABASE_URL!;
      // The bench's server runs no autovacuum: what the server migrated is not analysed yet.
      expect(analysed(url)).not.toContain('subpart');
      const { floor } = await startFloorBeside(postgres!, data, server, stops);
      expect(analysed(url)).toEqual(expect.arrayContaining(['event', 'inventory_unit', 'part', 'part_revision', 'subpart']));
      expect((await fetch(new URL('/readyz', floor.url))).status).toBe(200);
    } finally {
      for (const stop of stops.reverse()) await stop();
    }
  }, 120_000);
});
