import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDataDir, postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, vi, type TestContext } from 'vitest';
import { freshDatabase, psql, runToEnd, SERVER_CLI, startMain, type Line, type Spawned } from './test-processes';

// A crash between storing an attachment's bytes and writing its row leaves a file nothing names.
// Here the crash is real: `pips attach` is killed (SIGKILL) while it waits between the two steps
// (PIPS_TEST_PAUSE_AFTER_BLOB), and the next server start must sweep what it left, and only that.

const TIMEOUT = 300_000;

async function scratch(test: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pips-orphan-'));
  test.onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function api(url: URL, path: string, init?: RequestInit): Promise<string> {
  const answer = await fetch(new URL(`/api/v2/t${path}`, url), init);
  expect(answer.status, path).toBe(200);
  return answer.text();
}

/** A server on `env` with the token `t`; stopped by the caller (or when the test ends). */
async function serving(test: TestContext, env: Record<string, string>): Promise<{ server: Spawned; url: URL }> {
  const server = startMain(test, { ...env, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'debug' });
  return { server, url: await server.listening() };
}

async function stop(server: Spawned): Promise<void> {
  server.signal('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** The file a kept attachment was made from, attached with the CLI; its id. */
async function attachKept(env: Record<string, string>, dir: string, parent: string, bytes: Buffer): Promise<number> {
  const file = join(dir, 'kept.bin');
  await writeFile(file, bytes);
  const done = await runToEnd(process.execPath, [SERVER_CLI, 'attach', '--parent', parent, '--title', 'Kept', file], env);
  expect(done.stderr).toBe('');
  return Number(/^attachment (\d+):/.exec(done.stdout)![1]);
}

/**
 * `pips attach` killed between its two steps: its bytes stored, its row never written. Answers the
 * orphan's key, read from the pause point once the process has reached it.
 */
async function attachAndCrash(test: TestContext, env: Record<string, string>, dir: string, parent: string, bytes: Buffer): Promise<string> {
  const file = join(dir, 'orphan.bin');
  await writeFile(file, bytes);
  const marker = join(dir, 'stored-key');
  const child = spawn(process.execPath, [SERVER_CLI, 'attach', '--parent', parent, '--title', 'Orphan', file], {
    env: { ...process.env, ...env, PIPS_TEST_PAUSE_AFTER_BLOB: marker },
    stdio: 'ignore',
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  test.onTestFinished(async () => {
    child.kill('SIGKILL');
    await exited;
  });
  await vi.waitFor(() => expect(existsSync(marker)).toBe(true), { timeout: 120_000, interval: 100 });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
  return (await readFile(marker, 'utf8')).trim();
}

const swept = (line: Line) => typeof line.msg === 'string' && line.msg.startsWith('swept ');

/** The kept attachment: listed alone, and its file served whole. */
async function expectKept(url: URL, id: number, bytes: Buffer): Promise<void> {
  const listed = await api(url, '/attachments');
  expect([...listed.matchAll(/<id>(\d+)<\/id>/g)].map((match) => Number(match[1]))).toEqual([id]);
  const uri = /<uri>(.*)<\/uri>/.exec(await api(url, `/attachments/${id}/download_uri`))![1]!.replace(/&amp;/g, '&');
  const served = await fetch(uri);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
}

describe('a file whose row a crash never wrote, on the embedded database', () => {
  it('is swept when the server next starts, and a file with its row stays', { timeout: TIMEOUT }, async (test) => {
    const dir = await scratch(test);
    const dataDir = await pgliteDataDir('migrated');
    const env = { DATA_DIR: dataDir };
    const first = await serving(test, env);
    const vendor = /<id>(\d+)<\/id>/.exec(await api(first.url, '/vendor', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<vendor><name>Mouser</name></vendor>' }))![1];
    const keptBytes = randomBytes(70_000);
    const keptId = await attachKept(env, dir, `vendor/${vendor}`, keptBytes);
    await stop(first.server);

    // Stopped, the CLI opens the database itself, stores the bytes and dies before the row.
    const orphanBytes = randomBytes(123_457);
    const orphan = await attachAndCrash(test, env, dir, `vendor/${vendor}`, orphanBytes);
    const orphanPath = join(dataDir, 'blobs', orphan.slice(0, 2), orphan);
    expect(existsSync(orphanPath)).toBe(true);

    const next = await serving(test, env);
    expect(await next.server.waitFor(swept)).toMatchObject({ level: 30, files: 1, bytes: orphanBytes.length });
    expect(existsSync(orphanPath)).toBe(false);
    await expectKept(next.url, keptId, keptBytes);
    await stop(next.server);
    expect(next.server.stderr()).toBe('');
  });
});

postgresSuites('a file whose row a crash never wrote, on PostgreSQL', (adminUrl) => {
  describe('a file whose row a crash never wrote, on PostgreSQL', () => {
    it('is left while another process could still be writing its row, and swept by a start once it is older than that', { timeout: TIMEOUT }, async (test) => {
      const dir = await scratch(test);
      const databaseUrl = await freshDatabase(test, adminUrl, 'orphan');
      const env = { DATABASE_URL: databaseUrl };
      const first = await serving(test, env);
      const vendor = /<id>(\d+)<\/id>/.exec(await api(first.url, '/vendor', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<vendor><name>Mouser</name></vendor>' }))![1];
      const keptBytes = randomBytes(70_000);
      const keptId = await attachKept(env, dir, `vendor/${vendor}`, keptBytes);

      // Beside the running server, the CLI writes to the database itself, and dies between the bytes and the row.
      const orphanBytes = randomBytes(1_300_000);
      const orphan = await attachAndCrash(test, env, dir, `vendor/${vendor}`, orphanBytes);
      const objects = () => psql(databaseUrl, 'select string_agg(oid::text, \',\' order by oid) from pg_largeobject_metadata');
      const keptKey = await psql(databaseUrl, `select blob_key from attachment where id = ${keptId}`);
      expect((await objects()).split(',').sort()).toEqual([keptKey, orphan].sort());

      // A start now: the orphan is younger than a row's write may take in another process, so it stays.
      const second = await serving(test, env);
      expect(await second.server.waitFor(swept)).toMatchObject({ level: 20, files: 0, bytes: 0 });
      expect((await objects()).split(',').sort()).toEqual([keptKey, orphan].sort());
      await stop(second.server);

      // A day later (as the database's clock has it) for both files: the next start sweeps the orphan, and only it.
      await psql(databaseUrl, `update large_object_blob set stored_at = stored_at - interval '25 hours'`);
      const third = await serving(test, env);
      expect(await third.server.waitFor(swept)).toMatchObject({ level: 30, files: 1, bytes: orphanBytes.length });
      expect(await objects()).toBe(keptKey);
      expect(await psql(databaseUrl, 'select string_agg(oid::text, \',\') from large_object_blob')).toBe(keptKey);
      await expectKept(third.url, keptId, keptBytes);
      await stop(third.server);
      await stop(first.server);
      expect(first.server.stderr() + second.server.stderr() + third.server.stderr()).toBe('');
    });
  });
});
