import { postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it } from 'vitest';
import { freshDatabase, psql, runToEnd, SERVER_CLI, startMain } from './test-processes';

/** Three servers start at once on a busy machine, each migrating or waiting for the one that does. */
const START_TIMEOUT_MS = 120_000;

postgresSuites('servers starting together on one empty PostgreSQL database', (adminUrl) => {
  describe('servers starting together on one empty PostgreSQL database', () => {
    it('apply each migration once, make one bootstrap token, and all three serve', { timeout: START_TIMEOUT_MS }, async (test) => {
      const databaseUrl = await freshDatabase(test, adminUrl, 'together');
      const env = { DATABASE_URL: databaseUrl, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' };
      const servers = [startMain(test, env), startMain(test, env), startMain(test, env)];
      const urls = await Promise.all(servers.map((server) => server.listening()));

      for (const url of urls) {
        const reply = await fetch(new URL('/api/v2/t/unit', url));
        expect([reply.status, await reply.text()]).toEqual([200, expect.stringContaining('<units type="array"/>')]);
      }
      // Each migration once, and every one there is: the CLI finds nothing pending.
      const [count, distinct] = (await psql(databaseUrl, `select count(*) || ',' || count(distinct name) from mikro_orm_migrations`)).split(',');
      expect(Number(count)).toBeGreaterThan(0);
      expect(count).toBe(distinct);
      const migrate = await runToEnd(process.execPath, [SERVER_CLI, 'migrate'], { DATABASE_URL: databaseUrl });
      expect([migrate.code, migrate.stdout]).toEqual([0, 'the database schema is up to date\n']);
      expect(await psql(databaseUrl, 'select count(*) from api_token')).toBe('1');

      // None failed: every one is still serving, and none said anything on stderr.
      for (const server of servers) {
        expect(server.stderr()).toBe('');
        expect(server.lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
        server.signal('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    });
  });
});
