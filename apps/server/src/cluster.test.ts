import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it } from 'vitest';
import { childPids, freshDatabase, isAlive, psql, startMain, type Line } from './test-processes';

// WEB_CONCURRENCY: a cluster of workers on PostgreSQL, one process on the other engines.

/** Four processes start in the first test: seconds each on a busy machine. */
const CLUSTER_TIMEOUT_MS = 120_000;

/**
 * One request on a connection of its own: a kept-alive connection belongs to one worker, and
 * would fail with the worker the test kills.
 */
function send(url: URL, method = 'GET', body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent: false, headers: body ? { 'Content-Type': 'application/xml' } : {} }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const message = (line: Line) => String(line.msg);

/** Processes (of any parent) whose environment names this database: a server's, a worker's. */
function processesOn(databaseUrl: string): number[] {
  const setting = `DATABASE_URL=${databaseUrl}`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(setting);
      } catch {
        return false; // ended meanwhile, or not ours to read
      }
    })
    .map(Number);
}

postgresSuites('WEB_CONCURRENCY on PostgreSQL', (adminUrl) => {
  describe('WEB_CONCURRENCY on PostgreSQL', () => {
    it('migrates once, serves from two workers, replaces a dead one, stops all on SIGTERM', { timeout: CLUSTER_TIMEOUT_MS }, async (test) => {
      const databaseUrl = await freshDatabase(test, adminUrl, 'cluster');
      const env = { DATABASE_URL: databaseUrl, PORT: '0', WEB_CONCURRENCY: '2', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' };
      const server = startMain(test, env);
      const url = await server.listening();
      const startup = server.lines.find((l) => message(l).startsWith('PIPS listening'));
      expect(startup).toMatchObject({ pid: server.pid, workers: 2 });

      // The primary migrated the new database, once; the workers did not.
      const migrationRuns = server.lines.filter((l) => /^applied \d+ migrations?: /.test(message(l)));
      expect(migrationRuns).toHaveLength(1);
      expect(migrationRuns[0]?.pid).toBe(server.pid);
      const applied = migrationRuns[0]?.applied as string[];
      expect(await psql(databaseUrl, 'select count(*) || \',\' || count(distinct name) from mikro_orm_migrations')).toBe(
        `${applied.length},${applied.length}`,
      );

      // Two workers, each of which said it listens.
      const workers = childPids(server.pid);
      expect(workers).toHaveLength(2);
      const listeningWorkers = server.lines.filter((l) => l.msg === 'worker listening').map((l) => Number(l.pid));
      expect(listeningWorkers.sort((a, b) => a - b)).toEqual(workers);
      expect(processesOn(databaseUrl).sort((a, b) => a - b)).toEqual([server.pid, ...workers].sort((a, b) => a - b));

      const unitUrl = new URL('/api/v2/t/unit', url);
      expect((await send(unitUrl, 'POST', '<unit><name>Each</name></unit>')).status).toBe(200);
      expect((await send(unitUrl)).text).toContain('<name>Each</name>');

      // A worker killed outright is logged and replaced; the other keeps answering meanwhile.
      const [victim, survivor] = workers as [number, number];
      process.kill(victim, 'SIGKILL');
      await server.waitFor((l) => message(l).startsWith(`worker ${victim} exited unexpectedly`));
      expect((await send(new URL('/healthz', url))).status).toBe(200);
      const replaced = await server.waitFor((l) => l.msg === 'worker listening' && !workers.includes(Number(l.pid)));
      const replacement = Number(replaced.pid);
      expect(childPids(server.pid)).toEqual([survivor, replacement].sort((a, b) => a - b));
      for (let i = 0; i < 4; i++) {
        const list = await send(unitUrl);
        expect(list.status).toBe(200);
        expect(list.text).toContain('<name>Each</name>');
      }

      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      const stopped = server.lines.filter((l) => l.msg === 'worker stopped').map((l) => Number(l.pid));
      expect(stopped.sort((a, b) => a - b)).toEqual([survivor, replacement].sort((a, b) => a - b));
      // The primary's own last line; a worker's last lines travel through pipes of their own and may be read after it.
      expect(server.lines.filter((l) => l.pid === server.pid).at(-1)).toMatchObject({ msg: 'shutdown complete' });
      expect([server.pid, survivor, replacement].filter(isAlive)).toEqual([]);
      expect(processesOn(databaseUrl)).toEqual([]);
      expect(server.stderr()).toBe('');
    });

    it('exits 1 with the line of a worker that cannot start, leaving no process', { timeout: CLUSTER_TIMEOUT_MS }, async (test) => {
      const databaseUrl = await freshDatabase(test, adminUrl, 'cluster');
      const taken = createServer();
      taken.listen(0, '127.0.0.1');
      await once(taken, 'listening');
      test.onTestFinished(() => new Promise<void>((resolve) => taken.close(() => resolve())));
      const address = taken.address();
      const port = typeof address === 'object' && address ? address.port : 0;

      const server = startMain(test, { DATABASE_URL: databaseUrl, PORT: String(port), WEB_CONCURRENCY: '3' });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toBe(`error: port ${port} on 127.0.0.1 is already in use; stop what holds it, or set PORT\n`);
      expect(server.lines.some((l) => message(l).startsWith('PIPS listening'))).toBe(false);
      expect(processesOn(databaseUrl)).toEqual([]);
    });
  });
});

describe('WEB_CONCURRENCY on the embedded database', () => {
  it('warns and serves as one process', async (test) => {
    const dataDir = await pgliteDataDir('migrated');
    const env = { PORT: '0', DATA_DIR: dataDir, WEB_CONCURRENCY: '2', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' };
    const server = startMain(test, env);
    const url = await server.listening();
    expect(server.lines.filter((l) => l.msg === 'WEB_CONCURRENCY needs PostgreSQL; running one process')).toMatchObject([
      { level: 40, pid: server.pid, webConcurrency: 2 },
    ]);
    expect(childPids(server.pid)).toEqual([]);
    expect((await send(new URL('/api/v2/t/unit', url))).status).toBe(200);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
