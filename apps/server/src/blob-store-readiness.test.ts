import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteDataDir } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';
import { bodyOnceStatus, canMount, fill, sizeMbOf, smallDisk } from './small-disk.test-helper';
import { runToEnd, SERVER_CLI, startMain, type Spawned } from './test-processes';
import { expectNoStacks } from './write-load.test-helper';

// The embedded default's attachment files, through the server process: /readyz while their
// directory cannot be written, and `pips attach` (through the server's CLI socket) on a full disk.

const readyz = (url: URL) => new URL('/readyz', url);

/** A copy of the migrated embedded database in `dataDir`, served with the token `t`. */
async function serving(test: TestContext, dataDir: string): Promise<{ server: Spawned; url: URL }> {
  cpSync(await pgliteDataDir('migrated'), dataDir, { recursive: true });
  const server = startMain(test, { DATA_DIR: dataDir, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
  return { server, url: await server.listening() };
}

/**
 * Makes `dir` refuse writes until the returned function is called. Root ignores permission bits,
 * so as root a read-only tmpfs is mounted over it; otherwise it is made 0500.
 */
function refuseWrites(test: TestContext, dir: string): () => void {
  let undo: () => void;
  if (canMount) {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir]);
    undo = () => execFileSync('umount', ['-l', dir]);
  } else {
    chmodSync(dir, 0o500);
    undo = () => chmodSync(dir, 0o700);
  }
  let undone = false;
  const once = () => {
    if (!undone) undo();
    undone = true;
  };
  test.onTestFinished(once);
  return once;
}

const files = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).sort();

describe('/readyz and the blob directory', () => {
  it('reports every check, is 503 with the reason while the blob directory refuses writes, and 200 again after', { timeout: 300_000 }, async (test) => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pips-ready-')), 'data');
    test.onTestFinished(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));
    const { server, url } = await serving(test, dataDir);
    const ready = await fetch(readyz(url));
    const body = await ready.text();
    expect(ready.status, body).toBe(200);
    expect(body).toContain('<store>\n    <status>ok</status>\n    <engine>pglite</engine>\n  </store>');
    expect(body).toContain('<blobs>\n    <status>ok</status>\n    <kind>files</kind>\n  </blobs>');
    expect(body).toMatch(/<migrations>\n {4}<status>ok<\/status>\n {4}<applied>\d{4}_\w+<\/applied>\n {4}<newest>true<\/newest>\n {2}<\/migrations>/);
    expect(body).toMatch(/<database_thread>\n {4}<status>ok<\/status>\n {4}<alive>true<\/alive>\n {4}<queued>\d+<\/queued>/);

    const blobs = join(dataDir, 'blobs');
    const allow = refuseWrites(test, blobs);
    const code = canMount ? 'EROFS' : 'EACCES';
    for (let i = 0; i < 3; i++) {
      const refused = await fetch(readyz(url));
      const text = await refused.text();
      expect(refused.status, text).toBe(503);
      expect(text).toContain('<health>\n  <status>unavailable</status>\n  <store>\n    <status>ok</status>');
      expect(text).toContain(`<blobs>\n    <status>unavailable</status>\n    <kind>files</kind>\n    <reason>attachment files cannot be written (${code})</reason>\n  </blobs>`);
      // No path in a body anyone may read.
      expect(text).not.toContain(dataDir);
    }
    allow();
    await bodyOnceStatus(readyz(url), 200);
    expect((await fetch(readyz(url))).status).toBe(200);

    // One line where the outage began (with the detail, for the operator) and one where it ended
    // (read from the process's output apart from the answers: waited for).
    await server.waitFor((l) => l.check === 'blobs' && l.msg === 'blob store writable again');
    const outage = server.lines.filter((l) => l.check === 'blobs');
    expect(outage.map((l) => [l.level, l.msg])).toEqual([[40, 'blob store not writable'], [30, 'blob store writable again']]);
    expect(String(outage[0]!.reason)).toContain(code);
    expect(files(blobs)).toEqual([]);
    expectNoStacks(server.lines, server.stderr());
  });
});

if (!canMount) console.warn('[blob-store-readiness] full-disk case skipped: mounting a tmpfs needs root');

describe.skipIf(!canMount)('pips attach on a full disk', () => {
  it('is refused as storage_full with one error line, leaves no file and no row, and attaches again once space is freed', { timeout: 300_000 }, async (test) => {
    const template = await pgliteDataDir('migrated');
    const disk = smallDisk(test, sizeMbOf(template) + 8);
    const dataDir = join(disk, 'data');
    const { server, url } = await serving(test, dataDir);
    const outside = mkdtempSync(join(tmpdir(), 'pips-attach-src-'));
    test.onTestFinished(() => rmSync(outside, { recursive: true, force: true }));
    const vendor = await fetch(new URL('/api/v2/t/vendor', url), { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<vendor><name>Mouser</name></vendor>' });
    const vendorId = /<id>(\d+)<\/id>/.exec(await vendor.text())![1];
    const attach = async (title: string) => {
      const file = join(outside, `${title}.bin`);
      writeFileSync(file, Buffer.alloc(256 * 1024, 7));
      return runToEnd(process.execPath, [SERVER_CLI, 'attach', '--parent', `vendor/${vendorId}`, '--title', title, file], { DATA_DIR: dataDir });
    };
    const attachments = async () => ((await (await fetch(new URL('/api/v2/t/attachments', url))).text()).match(/<attachment>/g) ?? []).length;

    const first = await attach('before');
    expect([first.code, first.stderr]).toEqual([0, '']);
    const blobs = join(dataDir, 'blobs');
    const kept = files(blobs);
    expect(kept).toHaveLength(1);

    const filler = join(disk, 'filler');
    fill(filler);
    const refused = await attach('full');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('error: The database has no space left to write; nothing was changed\n');
    await server.waitFor((l) => l.code === 'storage_full');
    const logged = server.lines.filter((l) => l.code === 'storage_full');
    expect(logged.map((l) => [l.level, l.operation])).toEqual([[50, 'attach']]);
    expect(files(blobs)).toEqual(kept);
    expect(await attachments()).toBe(1);
    expect(await bodyOnceStatus(readyz(url), 503)).toContain('<reason>attachment files cannot be written (ENOSPC)</reason>');

    rmSync(filler);
    await bodyOnceStatus(readyz(url), 200);
    const again = await attach('after');
    expect([again.code, again.stderr]).toEqual([0, '']);
    expect(await attachments()).toBe(2);
    expect(files(blobs)).toHaveLength(2);
    expectNoStacks(server.lines, server.stderr());
  });
});
