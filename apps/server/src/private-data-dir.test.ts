import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDataDir } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';
import { nodeCommand, runToEnd, SERVER_CLI, SERVER_MAIN, startMain, type Finished } from './test-processes';

// What PIPS writes under DATA_DIR is its user's alone, whatever umask it starts with; a data
// directory someone else may write is refused. Through the server and CLI processes.

const TIMEOUT = 180_000;
const TOKEN = 'private-data-dir-token-0123456789';

function tempDir(test: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'pips-private-'));
  test.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** What `find DIR -perm /077` lists: every entry any user but the owner may read, write or enter. */
const openToOthers = (dir: string) => execFileSync('find', [dir, '-perm', '/077'], { encoding: 'utf8' }).split('\n').filter(Boolean);

/** Every entry's mode, by path (symbolic links left out), to see that nothing changed. */
function modes(dir: string): Record<string, number> {
  const all: Record<string, number> = { [dir]: lstatSync(dir).mode };
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const stats = lstatSync(join(dir, name));
    if (!stats.isSymbolicLink()) all[join(dir, name)] = stats.mode;
  }
  return all;
}

/** As an earlier version left it under the common umask 0022: directories 0755, files 0644. */
function asEarlierVersionsLeftIt(dir: string): void {
  for (const [path, mode] of Object.entries(modes(dir))) chmodSync(path, (mode & 0o170000) === 0o040000 ? 0o755 : 0o644);
  expect(openToOthers(dir).length).toBeGreaterThan(100);
}

/** The CLI under `umask`, to its end. */
function pips(env: Record<string, string>, umask: string, ...args: string[]): Promise<Finished> {
  const [command, argv] = nodeCommand(SERVER_CLI, args, umask);
  return runToEnd(command, argv, env);
}

function expectOneLine(finished: Finished, line: RegExp): void {
  expect(finished.code).toBe(1);
  expect(finished.stderr).toMatch(/^error: [^\n]+\n$/);
  expect(finished.stderr).toMatch(line);
}

/** Writes of every kind the server makes under DATA_DIR: a record, a file through the running server (blobs and their temp file), the signing key, a token. */
async function writeThrough(url: URL, env: Record<string, string>, file: string): Promise<void> {
  const api = (path: string, init?: RequestInit) => fetch(new URL(`/api/v2/${TOKEN}${path}`, url), init);
  const vendor = await (await api('/vendor', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: `<vendor><name>V ${Math.random()}</name></vendor>` })).text();
  const vendorId = /<id[^>]*>(\d+)<\/id>/.exec(vendor)?.[1];
  expect(vendorId, vendor).toBeDefined();
  const attached = await pips(env, '0000', 'attach', '--parent', `vendor/${vendorId}`, '--title', 'Notes', file);
  expect(attached).toMatchObject({ code: 0, stderr: '' });
  const id = /^attachment (\d+):/.exec(attached.stdout)?.[1];
  const link = await (await api(`/attachments/${id}/download_uri`)).text();
  const uri = /<uri>([^<]*)<\/uri>/.exec(link)?.[1]?.replace(/&amp;/g, '&') ?? '';
  expect((await fetch(uri)).status).toBe(200);
  expect(await pips(env, '0000', 'token', 'create', '--name', `t${Math.random()}`)).toMatchObject({ code: 0 });
}

describe('DATA_DIR', () => {
  it('made under umask 0000 holds nothing others may read after a start, writes, a restart and the CLI on the stopped server', { timeout: TIMEOUT }, async (test) => {
    const root = tempDir(test);
    const dataDir = join(root, 'data');
    const file = join(root, 'notes.txt');
    writeFileSync(file, 'notes');
    const env = { DATA_DIR: dataDir, PORT: '0', BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'info' };

    const first = startMain(test, env, { umask: '0000' });
    await writeThrough(await first.listening(), env, file);
    // Running: the admin socket and the lock are there too.
    expect(readdirSync(dataDir).sort()).toEqual(['admin.sock', 'blobs', 'pglite', 'pglite.lock']);
    expect(openToOthers(dataDir)).toEqual([]);
    first.signal('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = startMain(test, env, { umask: '0000' });
    await writeThrough(await again.listening(), env, file);
    expect(openToOthers(dataDir)).toEqual([]);
    again.signal('SIGTERM');
    expect(await again.exited).toBe(0);

    // Stopped: the CLI opens the embedded database itself.
    expect(await pips(env, '0000', 'token', 'create', '--name', 'offline')).toMatchObject({ code: 0 });
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('an earlier version left readable (0755, 0644) is made private by a start, and by the CLI', { timeout: TIMEOUT }, async (test) => {
    const served = await pgliteDataDir('migrated');
    asEarlierVersionsLeftIt(served);
    const server = startMain(test, { DATA_DIR: served, PORT: '0', BOOTSTRAP_TOKEN: TOKEN }, { umask: '0022' });
    await server.listening();
    expect(openToOthers(served)).toEqual([]);
    server.signal('SIGTERM');
    expect(await server.exited).toBe(0);

    const managed = await pgliteDataDir('migrated');
    asEarlierVersionsLeftIt(managed);
    expect(await pips({ DATA_DIR: managed }, '0022', 'token', 'list')).toMatchObject({ code: 0, stderr: '' });
    expect(openToOthers(managed)).toEqual([]);
  });

  it('that other users may write is refused by the server and the CLI in one line, and left as it was', { timeout: TIMEOUT }, async () => {
    const dataDir = await pgliteDataDir('migrated');
    asEarlierVersionsLeftIt(dataDir);
    for (const [path, mode] of [
      [dataDir, 0o777],
      [dataDir, 0o775],
      [join(dataDir, 'pglite', 'base'), 0o757],
      [join(dataDir, 'pglite', 'PG_VERSION'), 0o646],
    ] as const) {
      chmodSync(path, mode);
      const before = modes(dataDir);
      const line = new RegExp(`^error: ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} in DATA_DIR may be written by other users \\(mode 0${mode.toString(8)}\\), so its data cannot be trusted; check it, then make DATA_DIR private: chmod -R go-rwx `);
      const env = { DATA_DIR: dataDir, PORT: '0', BOOTSTRAP_TOKEN: TOKEN };
      expectOneLine(await runToEnd(process.execPath, [SERVER_MAIN], env), line);
      expectOneLine(await pips(env, '0022', 'token', 'list'), line);
      expect(modes(dataDir)).toEqual(before);
      chmodSync(path, lstatSync(path).isDirectory() ? 0o755 : 0o644);
    }
  });
});
