import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it } from 'vitest';
import { freshDatabase, runToEnd, SERVER_CLI, startMain } from './test-processes';

// `pips db vacuum` through the built CLI: on the embedded default inside the running server (over
// its admin socket) and, once it is stopped, on its own; on PostgreSQL from the CLI.

const pips = (args: string[], env: Record<string, string>) => runToEnd(process.execPath, [SERVER_CLI, ...args], env, 120_000);

const EMBEDDED_LINE = /^vacuumed and analysed (\d+) tables in \d+\.\d s; the embedded database takes \d+\.\d MB \(\d+\.\d MB before\)\n$/;

describe('pips db vacuum on the embedded database', () => {
  it('runs in the running server between its requests, and on its own once the server is stopped', async (test) => {
    const env = { DATA_DIR: await pgliteDataDir('migrated') };
    const server = startMain(test, { ...env, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
    const url = await server.listening();
    const create = (name: string) =>
      fetch(new URL('/api/v2/t/manufacturer', url), { method: 'POST', headers: { 'content-type': 'application/xml' }, body: `<manufacturer><name>${name}</name></manufacturer>` });
    for (let i = 0; i < 20; i++) expect((await create(`M${i}`)).status).toBe(200);

    // Requests sent while it runs are answered (they wait for one table at most).
    const [vacuumed, ...answers] = await Promise.all([pips(['db', 'vacuum'], env), ...Array.from({ length: 10 }, (_, i) => create(`During ${i}`))]);
    expect(vacuumed.stderr).toBe('');
    expect(vacuumed).toMatchObject({ code: 0, stdout: expect.stringMatching(EMBEDDED_LINE) });
    expect(Number(EMBEDDED_LINE.exec(vacuumed.stdout)![1])).toBeGreaterThan(20);
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));

    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
    const alone = await pips(['db', 'vacuum'], env);
    expect(alone).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(EMBEDDED_LINE) });
  }, 120_000);

  it('says the memory store has nothing to vacuum', async () => {
    expect(await pips(['db', 'vacuum'], { DATABASE_URL: 'memory:' })).toEqual({ code: 1, stdout: '', stderr: 'error: the memory store keeps nothing to vacuum\n' });
  });
});

postgresSuites('pips db vacuum on PostgreSQL', (adminUrl) => {
  describe('pips db vacuum on PostgreSQL', () => {
    it('vacuums and analyses every table of the database', async (test) => {
      const env = { DATABASE_URL: await freshDatabase(test, adminUrl, 'vacuum') };
      expect((await pips(['migrate'], env)).code).toBe(0);
      const vacuumed = await pips(['db', 'vacuum'], env);
      expect(vacuumed).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^vacuumed and analysed \d+ tables in \d+\.\d s\n$/) });
    }, 120_000);
  });
});
