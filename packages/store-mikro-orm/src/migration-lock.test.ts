import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MIGRATION_LOCK_KEY, withMigrationLock } from './migration-lock';
import { tlsOfUrl } from './pg-tls';
import { createPostgresDatabase } from './test-databases';
import { postgresSuites } from './postgres-suites';

/** Sessions of `url`'s database waiting for (not holding) the migration lock. */
async function waiting(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // An advisory lock on a bigint key shows its high and low 32 bits as classid and objid.
    const key = BigInt(MIGRATION_LOCK_KEY);
    const result = await client.query<{ count: string }>(
      `select count(*) from pg_locks where locktype = 'advisory' and not granted and classid = $1 and objid = $2 and database = (select oid from pg_database where datname = current_database())`,
      [String(key >> 32n), String(key & 0xffffffffn)],
    );
    return Number(result.rows[0]?.count);
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

postgresSuites('withMigrationLock on PostgreSQL', (adminUrl) => {
  describe('withMigrationLock on PostgreSQL', () => {
    it('lets one process migrate at a time: a second waits for the first to finish, also when the first fails', async () => {
      const database = await createPostgresDatabase(adminUrl);
      onTestFinished(() => database.drop());
      const target = { url: database.url, tls: tlsOfUrl(new URL(database.url)) };
      const events: string[] = [];
      let finishFirst!: (outcome: 'ok' | 'fail') => void;
      const first = withMigrationLock(target, async () => {
        events.push('first starts');
        const outcome = await new Promise<'ok' | 'fail'>((resolve) => (finishFirst = resolve));
        events.push('first ends');
        if (outcome === 'fail') throw new Error('migration failed');
      });
      await until(async () => events.includes('first starts'));
      const second = withMigrationLock(target, async () => {
        events.push('second starts');
        return 'second done';
      });
      // The second session is queued on the lock while the first holds it.
      await until(async () => (await waiting(database.url)) === 1);
      expect(events).toEqual(['first starts']);

      finishFirst('fail');
      await expect(first).rejects.toThrow('migration failed');
      expect(await second).toBe('second done');
      expect(events).toEqual(['first starts', 'first ends', 'second starts']);
      // Both sessions are gone and the lock with them: a third takes it at once.
      expect(await withMigrationLock(target, async () => 'third')).toBe('third');
    });
  });
});
