import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runToEnd, SERVER_CLI, SERVER_MAIN, startMain, type Finished } from './test-processes';

const ADMIN_URL = process.env.PIPS_TEST_DATABASE_URL;

// Each start-up problem an operator can meet: exit 1 and one line on stderr, never a stack.
const TIMEOUT = 60_000;
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function expectOneLine(finished: Finished, line: RegExp): void {
  expect(finished.code).toBe(1);
  expect(finished.stderr).toMatch(/^error: [^\n]+\n$/);
  expect(finished.stderr).toMatch(line);
  expect(finished.stderr).not.toMatch(/\n\s+at /);
}

async function listening(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}

/** A port nothing listens on: one that was just free. */
async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pips-startup-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('start-up failures', () => {
  it('names a port in use', { timeout: TIMEOUT }, async () => {
    const { port } = await listening();
    const finished = await runToEnd(process.execPath, [SERVER_MAIN], { DATABASE_URL: 'memory:', PORT: String(port) });
    expectOneLine(finished, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use; stop what holds it, or set PORT`));
  });

  it('creates nothing on the embedded database when the port is in use', { timeout: TIMEOUT }, async () => {
    const { port } = await listening();
    const root = tempDir();
    const dataDir = join(root, 'new', 'data');
    const finished = await runToEnd(process.execPath, [SERVER_MAIN], { DATA_DIR: dataDir, PORT: String(port) });
    expectOneLine(finished, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use; stop what holds it, or set PORT`));
    expect(existsSync(join(root, 'new'))).toBe(false);
  });

  it('removes the DATA_DIR it made when the port is taken while the embedded database opens', { timeout: 120_000 }, async (test) => {
    const port = await closedPort();
    const root = tempDir();
    const dataDir = join(root, 'new', 'data');
    const server = startMain(test, { DATA_DIR: dataDir, PORT: String(port) });
    // The port was free when the start checked it; it is taken once the folder exists, long
    // before the new database is ready to serve (it takes seconds to make).
    await vi.waitFor(() => expect(existsSync(dataDir)).toBe(true), { timeout: 60_000, interval: 5 });
    const holder = createServer();
    holder.listen(port, '127.0.0.1');
    await once(holder, 'listening');
    cleanups.push(() => new Promise<void>((resolve) => holder.close(() => resolve())));
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toMatch(new RegExp(`^error: port ${port} on 127\\.0\\.0\\.1 is already in use; stop what holds it, or set PORT\n$`));
    expect(existsSync(join(root, 'new'))).toBe(false);
  });

  it('names an unreachable database, from the server and from the CLI', { timeout: TIMEOUT }, async () => {
    const port = await closedPort();
    const env = { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/pips`, PORT: '0' };
    const line = new RegExp(`cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`);
    expectOneLine(await runToEnd(process.execPath, [SERVER_MAIN], env), line);
    expectOneLine(await runToEnd(process.execPath, [SERVER_CLI, 'token', 'list'], env), line);
    expectOneLine(await runToEnd(process.execPath, [SERVER_CLI, 'migrate'], env), line);
  });

  it('names an embedded database held by another process, from the server and from the CLI', { timeout: TIMEOUT }, async () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'pglite'));
    // This test's own process holds the lock, as a running server would.
    writeFileSync(join(dataDir, 'pglite.lock'), String(process.pid));
    const env = { DATA_DIR: dataDir, PORT: '0' };
    const line = new RegExp(`The embedded database in .*pglite is in use by process ${process.pid}; stop the server first`);
    expectOneLine(await runToEnd(process.execPath, [SERVER_MAIN], env), line);
    expectOneLine(await runToEnd(process.execPath, [SERVER_CLI, 'token', 'create', '--name', 'x'], env), line);
  });

  it('names a configuration problem', { timeout: TIMEOUT }, async () => {
    const finished = await runToEnd(process.execPath, [SERVER_MAIN], { PORT: 'eighty' });
    expectOneLine(finished, /Invalid configuration: PORT must be a port number/);
  });
});

/** A database name of this run's family (`<run db>_t_…`, so a crashed run's leftovers are dropped by prefix) that does not exist yet. */
function missingDatabaseUrl(adminUrl: string): { url: string; name: string } {
  const url = new URL(adminUrl);
  const base = decodeURIComponent(url.pathname.slice(1)) || 'postgres';
  const name = `${base.slice(0, 40)}_t_missing_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

const psql = (sql: string) => runToEnd('psql', [ADMIN_URL ?? '', '-qAt', '-v', 'ON_ERROR_STOP=1', '-c', sql], {});

describe.skipIf(!ADMIN_URL)('a PostgreSQL database that does not exist', () => {
  it('is refused at start, never created; `db create` makes it and migrates it', { timeout: TIMEOUT }, async () => {
    const { url, name } = missingDatabaseUrl(ADMIN_URL ?? '');
    cleanups.push(async () => void (await psql(`drop database if exists "${name}" with (force)`)));
    const exists = async () => (await psql(`select count(*) from pg_database where datname = '${name}'`)).stdout.trim();

    const env = { DATABASE_URL: url, PORT: '0' };
    expectOneLine(
      await runToEnd(process.execPath, [SERVER_MAIN], env),
      new RegExp(`database "${name}" does not exist on PostgreSQL at .*; check DATABASE_URL, or create it with: npm run pips -- db create`),
    );
    expectOneLine(await runToEnd(process.execPath, [SERVER_CLI, 'migrate'], env), /does not exist/);
    expect(await exists()).toBe('0');

    const created = await runToEnd(process.execPath, [SERVER_CLI, 'db', 'create'], env);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toMatch(/^created the database\napplied 0001_initial, /);
    expect(await exists()).toBe('1');
    const again = await runToEnd(process.execPath, [SERVER_CLI, 'db', 'create'], env);
    expect(again).toMatchObject({ code: 0, stdout: 'the database already exists\n' });
    expect(await runToEnd(process.execPath, [SERVER_CLI, 'token', 'list'], env)).toMatchObject({ code: 0 });
  });
});
