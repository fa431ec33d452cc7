import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { resolveEngine } from './engine';
import { createMikroOrmStore, type SqlStore } from './mikro-orm-store';
import { openMikroOrmStore } from './open-mikro-orm-store';
import { openOrm, type Orm } from './open-orm';
import type { PgliteProxy } from './pglite-proxy';
import { openInTest, pgliteDataDir } from './test-scope';

// The embedded database runs on a thread of its own: what that changes for the rest of the process.

/** The file a waiting statement looks for in the database's folder. */
const GO = 'pips-test-go';

/** A statement that runs until the file GO appears in the data directory: as long as the test wants, no duration guessed. */
const UNTIL_GO = `DO $$ BEGIN WHILE (pg_stat_file('${GO}', true)).size IS NULL LOOP PERFORM pg_sleep(0.01); END LOOP; END $$`;

async function openOnThread(): Promise<{ orm: Orm; store: SqlStore; dataDir: string }> {
  const engine = resolveEngine({ dataDir: await pgliteDataDir('migrated') });
  if (engine.kind !== 'pglite') throw new Error('a data directory opens PGlite');
  const orm = await openInTest(() => openOrm(engine));
  const store = await openInTest(() => createMikroOrmStore(orm, engine, { ownsOrm: false }));
  return { orm, store, dataDir: engine.dataDir };
}

/** A health endpoint in this process, as the server's /healthz: answered by this thread alone. */
async function healthServer() {
  const server = await openInTest(async () => {
    const started = createServer((_request, response) => response.end('ok'));
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    return { started, close: () => new Promise<void>((resolve) => started.close(() => resolve())) };
  });
  return `http://127.0.0.1:${(server.started.address() as AddressInfo).port}/healthz`;
}

const unit = { name: 'each', description: null, allow_fractional: true, created_at: new Date(0), updated_at: new Date(0) };

describe('PGlite on its own thread', () => {
  it('leaves this thread free while a long statement runs: health is answered first, reads queue behind it', async () => {
    const { orm, store, dataDir } = await openOnThread();
    const health = await healthServer();
    const events: string[] = [];
    const proxy = (await orm.driver.getConnection().getNativeClient()) as unknown as PgliteProxy;
    // Through MikroORM's stand-in, which posts at once (MikroORM's own first query waits a turn of its driver).
    const long = proxy.exec(UNTIL_GO).then(() => void events.push('long statement'));
    const read = store.read((tx) => tx.repo('unit').count()).then(() => void events.push('read'));
    const answer = await fetch(health);
    events.push(`health ${answer.status} ${await answer.text()}`);
    // Only now may the long statement end: were it running on this thread, health would never have been answered.
    await writeFile(join(dataDir, GO), '');
    await Promise.all([long, read]);
    expect(events).toEqual(['health 200 ok', 'long statement', 'read']);
  });

  it('fails the work in flight and every later call with a clear error when the thread dies', async () => {
    const { orm, store } = await openOnThread();
    // The transaction's rollback fails as well, and says so.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    const proxy = (await orm.driver.getConnection().getNativeClient()) as unknown as PgliteProxy;
    const long = proxy.exec(UNTIL_GO);
    const read = store.read((tx) => tx.repo('unit').count());
    // What /readyz reports: the long statement posted and waiting, the thread alive.
    await vi.waitFor(() => expect(store.databaseThread!()).toMatchObject({ alive: true, posted: expect.any(Number), oldestWaitMs: expect.any(Number) }));
    expect(store.databaseThread!().posted).toBeGreaterThanOrEqual(1);
    await proxy.embedded.thread.kill();
    const stopped = /the embedded database stopped \(its thread exited with code \d+\)/;
    await expect(long).rejects.toThrow(stopped);
    // Through the store, the domain's error a request answers with 503.
    const unavailable = { code: 'unavailable' };
    await expect(read).rejects.toMatchObject(unavailable);
    await expect(store.ping()).rejects.toThrow(stopped);
    await expect(store.transaction((tx) => tx.repo('unit').insert(unit))).rejects.toMatchObject(unavailable);
    await expect(store.read((tx) => tx.repo('unit').count())).rejects.toMatchObject(unavailable);
    expect(store.databaseThread!()).toMatchObject({ alive: false, posted: 0, oldestWaitMs: null });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('rollback'), expect.objectContaining({ message: expect.stringMatching(stopped) }));
  });

  it('built, ends its thread on close, so a process that closed its store exits by itself with its data kept', async () => {
    const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    expect(existsSync(built), `${built} is missing: build the package first`).toBe(true);
    const dataDir = await pgliteDataDir('migrated');
    // No process.exit: the child ends only when nothing is left running in it.
    const script = `
      const { openMikroOrmStore } = await import(${JSON.stringify(built)});
      const store = await openMikroOrmStore({ dataDir: process.env.PIPS_DATA_DIR });
      const at = new Date(0);
      await store.transaction((tx) => tx.repo('unit').insert({ ...${JSON.stringify(unit)}, created_at: at, updated_at: at }));
      await store.close();
      console.log('closed');
    `;
    const finished = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--input-type=module', '-e', script],
        { env: { ...process.env, PIPS_DATA_DIR: dataDir }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });
    expect(finished).toMatchObject({ code: 0, stdout: 'closed\n' });
    const reopened = await openInTest(() => openMikroOrmStore({ dataDir }));
    expect(await reopened.read((tx) => tx.repo('unit').count())).toBe(1);
  });
});
