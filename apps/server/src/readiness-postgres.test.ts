import { postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it } from 'vitest';
import { freshDatabase, psql, startMain } from './test-processes';
import { expectNoStacks } from './write-load.test-helper';

// /readyz on PostgreSQL, through the server process: large objects for files, and the migration
// level read from the database, so a schema left behind the build is seen by the next probe.

postgresSuites('/readyz on postgresql', (adminUrl) => {
  describe('/readyz on postgresql', () => {
    it('reports large objects and the newest migration, and is 503 while the database lacks a migration this build needs', { timeout: 300_000 }, async (test) => {
      const databaseUrl = await freshDatabase(test, adminUrl, 'ready');
      const server = startMain(test, { DATABASE_URL: databaseUrl, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
      const readyz = new URL('/readyz', await server.listening());
      const ready = await fetch(readyz);
      const body = await ready.text();
      expect(ready.status, body).toBe(200);
      const newest = await psql(databaseUrl, 'SELECT name FROM mikro_orm_migrations ORDER BY id DESC LIMIT 1');
      expect(body).toBe(
        [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<health>',
          '  <status>ok</status>',
          '  <store>\n    <status>ok</status>\n    <engine>postgresql</engine>\n  </store>',
          '  <blobs>\n    <status>ok</status>\n    <kind>large_objects</kind>\n  </blobs>',
          `  <migrations>\n    <status>ok</status>\n    <applied>${newest}</applied>\n    <newest>true</newest>\n  </migrations>`,
          '</health>',
          '',
        ].join('\n'),
      );

      // The last migration's record taken away: the schema is, as far as the database says, one behind.
      const [id, executedAt] = (await psql(databaseUrl, `SELECT id || '|' || executed_at FROM mikro_orm_migrations WHERE name = '${newest}'`)).split('|');
      await psql(databaseUrl, `DELETE FROM mikro_orm_migrations WHERE name = '${newest}'`);
      const previous = await psql(databaseUrl, 'SELECT name FROM mikro_orm_migrations ORDER BY id DESC LIMIT 1');
      const behind = await fetch(readyz);
      const behindBody = await behind.text();
      expect(behind.status, behindBody).toBe(503);
      expect(behindBody).toContain(
        `<migrations>\n    <status>unavailable</status>\n    <applied>${previous}</applied>\n    <newest>false</newest>\n    <reason>the database has migrations this build needs still to apply</reason>\n  </migrations>`,
      );
      // No host, database name or user in a body anyone may read.
      expect(behindBody).not.toContain(new URL(databaseUrl).pathname.slice(1));

      await psql(databaseUrl, `INSERT INTO mikro_orm_migrations (id, name, executed_at) VALUES (${Number(id)}, '${newest}', '${executedAt}')`);
      expect((await fetch(readyz)).status).toBe(200);
      // The line is written before the answer, but read from the process's output apart from it.
      await server.waitFor((l) => l.check === 'migrations' && l.msg === 'migration level ready again');
      const outage = server.lines.filter((l) => l.check === 'migrations');
      expect(outage.map((l) => [l.level, l.msg])).toEqual([[40, 'migration level not ready'], [30, 'migration level ready again']]);
      expectNoStacks(server.lines, server.stderr());
    });
  });
});
