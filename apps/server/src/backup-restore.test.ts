import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, vi, type TestContext } from 'vitest';
import { api, blobFiles, mark, md5, seed, startLoad } from './backup-load.test-helper';
import { freshDatabase, runToEnd, SERVER_CLI, startMain, type Spawned } from './test-processes';

// A backup taken while creates, adjusts, splits, attaches and detaches run against the server,
// restored into a fresh target and compared with what the source acknowledged.

const TIMEOUT = 600_000;

async function scratch(test: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pips-backup-'));
  test.onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

const cli = (args: string[], env: Record<string, string>) => runToEnd(process.execPath, [SERVER_CLI, ...args], env, 300_000);

async function serving(test: TestContext, env: Record<string, string>): Promise<{ server: Spawned; url: URL }> {
  const server = startMain(test, { ...env, PORT: '0', BOOTSTRAP_TOKEN: 't', LOG_LEVEL: 'info' });
  return { server, url: await server.listening() };
}

async function stop(server: Spawned): Promise<void> {
  server.signal('SIGTERM');
  expect(await server.exited).toBe(0);
}

const blocks = (xml: string, element: string) => [...xml.matchAll(new RegExp(`<${element}>[\\s\\S]*?</${element}>`, 'g'))].map((m) => m[0]);
const field = (block: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(block)?.[1] ?? '';

/** What the API shows of the data the load touches; `unitIds`: every unit the load may have made. */
async function state(url: URL, partId: string, unitIds: readonly string[]) {
  const manufacturers = new Map(blocks(await api(url, '/manufacturer'), 'manufacturer').map((b) => [field(b, 'name'), b]));
  const attachments = new Map(blocks(await api(url, '/attachments'), 'attachment').map((b) => [field(b, 'id'), b]));
  const units = new Map<string, string>();
  const records = new Map<string, string[]>();
  for (const id of unitIds) {
    const shown = await fetch(new URL(`/api/v2/t/parts/${partId}/inventory_units/${id}`, url));
    const text = await shown.text();
    if (shown.status === 404) continue;
    expect(shown.status, text).toBe(200);
    units.set(id, text);
    records.set(id, blocks(await api(url, `/parts/${partId}/inventory_units/${id}/inventory_records`), 'inventory_record'));
  }
  return { manufacturers, attachments, units, records };
}

async function downloadMd5(url: URL, id: string): Promise<string> {
  const uri = /<uri>(.*)<\/uri>/.exec(await api(url, `/attachments/${id}/download_uri`))![1]!.replace(/&amp;/g, '&');
  const served = await fetch(uri);
  expect(served.status).toBe(200);
  return md5(Buffer.from(await served.arrayBuffer()));
}

/** Backs up `source` under load, restores into `target`, compares; answers the backup's size and time. */
async function backupUnderLoad(test: TestContext, source: Record<string, string>, target: Record<string, string>) {
  const dir = await scratch(test);
  const file = join(dir, 'pips.backup');
  const { server, url } = await serving(test, source);
  const seeded = await seed(url);
  const load = startLoad(url, source, dir, seeded);
  await vi.waitFor(
    async () => {
      const failed = await Promise.race([load.failed, Promise.resolve(undefined)]);
      if (failed) throw failed;
      expect(load.acked.manufacturers.length).toBeGreaterThan(10);
      expect(load.acked.detached.size).toBeGreaterThan(0);
    },
    { timeout: 240_000, interval: 200 },
  );
  const before = mark(load.acked);
  const started = Date.now();
  const backup = await cli(['backup', file], source);
  const seconds = (Date.now() - started) / 1000;
  const during = mark(load.acked);
  await load.stop();
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect((await stat(file)).mode & 0o777).toBe(0o600);
  const acked = load.acked;
  const unitIds = [seeded.unitId, ...acked.splits];
  const sourceState = await state(url, seeded.partId, unitIds);
  expect(sourceState.units.size).toBe(unitIds.length);
  await stop(server);

  const restored = await cli(['restore', file], target);
  expect(restored.stderr).toBe('');
  expect(restored.code).toBe(0);
  const again = await serving(test, target);
  const got = await state(again.url, seeded.partId, unitIds);

  // Every create acknowledged before the backup began is there; nothing that never was.
  for (const name of acked.manufacturers.slice(0, before.manufacturers)) expect(got.manufacturers.has(name), name).toBe(true);
  for (const [name, block] of got.manufacturers) {
    if (name !== 'Seed maker') expect(block).toBe(sourceState.manufacturers.get(name));
  }
  // Attachments: each attached (and not detached) before the backup began is there, with its file whole.
  for (const id of before.attachments) {
    if (before.detached.has(id)) expect(got.attachments.has(id), `detached ${id}`).toBe(false);
    else if (!acked.detached.has(id)) expect(got.attachments.has(id), `attachment ${id}`).toBe(true);
  }
  for (const [id, block] of got.attachments) {
    expect(acked.attachments.get(id), `attachment ${id} was made`).toBeDefined();
    expect(field(block, 'md5')).toBe(acked.attachments.get(id));
    expect(await downloadMd5(again.url, id)).toBe(acked.attachments.get(id));
  }
  // Stock: every split acknowledged before is there; each unit's history is a beginning of the
  // source's, and its quantity is what its last record says (no write seen half).
  for (const id of acked.splits.slice(0, before.splits)) expect(got.units.has(id), `unit ${id}`).toBe(true);
  for (const [id, block] of got.units) {
    const history = got.records.get(id) ?? [];
    expect(history).toEqual(sourceState.records.get(id)?.slice(0, history.length));
    expect(field(block, 'quantity')).toBe(field(history.at(-1) ?? '', 'quantity_after'));
  }
  const adjusted = (got.records.get(seeded.unitId) ?? []).filter((r) => field(r, 'comment').startsWith('adjust ')).length;
  expect(adjusted).toBeGreaterThanOrEqual(before.adjusts);
  await stop(again.server);
  const bytes = (await stat(file)).size;
  console.info(
    `backup under load: ${bytes} bytes in ${seconds.toFixed(1)} s; ${got.manufacturers.size} manufacturers, ${got.attachments.size} attachments, ${got.units.size} units restored; ` +
      `writes acknowledged during the backup: ${during.manufacturers - before.manufacturers} creates, ${during.splits - before.splits} splits, ${during.adjusts - before.adjusts} adjusts`,
  );
  return { file, dir };
}

/**
 * Serves the restored `target` and compares it with `before`, the source's state: the seeded data
 * alike, attachment N (from 1) holding `files[N-1]`, and the next record numbered after the restored ones.
 */
async function servesAsBefore(
  test: TestContext,
  target: Record<string, string>,
  seeded: { partId: string; unitId: string },
  before: Awaited<ReturnType<typeof state>>,
  files: readonly Buffer[],
): Promise<void> {
  const again = await serving(test, target);
  const after = await state(again.url, seeded.partId, [seeded.unitId]);
  expect([...after.manufacturers]).toEqual([...before.manufacturers]);
  expect([...after.units]).toEqual([...before.units]);
  expect([...after.records]).toEqual([...before.records]);
  expect([...after.attachments]).toEqual([...before.attachments]);
  for (const [n, bytes] of files.entries()) expect(await downloadMd5(again.url, String(n + 1))).toBe(md5(bytes));
  expect(await api(again.url, '/manufacturer', 'POST', '<manufacturer><name>After</name></manufacturer>')).toMatch(/<id>2<\/id>/);
  await stop(again.server);
}

/** A one-line refusal: exit 1, a single line on stderr matching `pattern`, nothing on stdout. */
function expectRefused(done: { code: number | null; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(done.code).toBe(1);
  expect(done.stdout).toBe('');
  expect(done.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(done.stderr).toMatch(pattern);
}

describe('backup and restore on the embedded database', () => {
  it('restores what was acknowledged before a backup taken under load, whole', { timeout: TIMEOUT }, async (test) => {
    const dir = await scratch(test);
    await backupUnderLoad(test, { DATA_DIR: join(dir, 'source') }, { DATA_DIR: join(dir, 'restored') });
  });

  it('refuses a non-empty target, a truncated backup and an altered one, each in one line', { timeout: TIMEOUT }, async (test) => {
    const dir = await scratch(test);
    const env = { DATA_DIR: join(dir, 'data') };
    const { server, url } = await serving(test, env);
    await seed(url);
    const file = join(dir, 'good.backup');
    expect((await cli(['backup', file], env)).code).toBe(0);
    await stop(server);
    const check = await cli(['restore', '--check', file], {});
    expect(check.code).toBe(0);
    expect(check.stdout).toMatch(/is whole/);
    expect(check.stdout).toMatch(/^ {2}inventory_unit\t1$/m);

    expectRefused(await cli(['restore', file], env), /not empty/);

    const good = await readFile(file);
    const cut = join(dir, 'cut.backup');
    await writeFile(cut, good.subarray(0, Math.floor(good.length / 2)));
    const flipped = join(dir, 'flipped.backup');
    const altered = Buffer.from(good);
    altered[Math.floor(good.length / 2)] = (altered[Math.floor(good.length / 2)] ?? 0) ^ 0x01;
    await writeFile(flipped, altered);
    // One byte changed inside a part, the archive compressed again: only the checksums can tell.
    const inner = gunzipSync(good);
    const at = inner.indexOf('"Store"');
    expect(at).toBeGreaterThan(0);
    inner[at + 1] = 'T'.charCodeAt(0);
    const recompressed = join(dir, 'edited.backup');
    await writeFile(recompressed, gzipSync(inner));

    for (const [bad, pattern] of [
      [cut, /cut short|truncated/],
      [flipped, /damaged|altered/],
      [recompressed, /does not match its checksum/],
    ] as const) {
      const target = { DATA_DIR: join(dir, `target-${bad.length}`) };
      expectRefused(await cli(['restore', '--check', bad], {}), pattern);
      expectRefused(await cli(['restore', bad], target), pattern);
      await expect(stat(target.DATA_DIR)).rejects.toThrow();
    }
  });
});

postgresSuites('backup and restore on PostgreSQL', (adminUrl) => {
  describe('backup and restore on PostgreSQL', () => {
    it('restores what was acknowledged before a backup taken under load, large objects included', { timeout: TIMEOUT }, async (test) => {
      const source = await freshDatabase(test, adminUrl, 'bk_src');
      const target = await freshDatabase(test, adminUrl, 'bk_dst');
      expect((await cli(['migrate'], { DATABASE_URL: source })).code).toBe(0);
      const { file } = await backupUnderLoad(test, { DATABASE_URL: source }, { DATABASE_URL: target });
      expectRefused(await cli(['restore', file], { DATABASE_URL: target }), /not empty/);
    });

    it('restores a backup of the embedded database into PostgreSQL, files as large objects', { timeout: TIMEOUT }, async (test) => {
      const dir = await scratch(test);
      const embedded = { DATA_DIR: join(dir, 'data') };
      const { server, url } = await serving(test, embedded);
      const seeded = await seed(url);
      const bytes = Buffer.from('a datasheet, byte for byte\n');
      await writeFile(join(dir, 'sheet.txt'), bytes);
      expect((await cli(['attach', '--parent', 'manufacturer/1', '--title', 'Sheet', join(dir, 'sheet.txt')], embedded)).code).toBe(0);
      const file = join(dir, 'embedded.backup');
      expect((await cli(['backup', file], embedded)).code).toBe(0);
      const before = await state(url, seeded.partId, [seeded.unitId]);
      await stop(server);

      const target = { DATABASE_URL: await freshDatabase(test, adminUrl, 'bk_cross') };
      const restored = await cli(['restore', file], target);
      expect(restored.stderr).toBe('');
      await servesAsBefore(test, target, seeded, before, [bytes]);
    });

    it('restores a backup of PostgreSQL into the embedded database, large objects as files', { timeout: TIMEOUT }, async (test) => {
      const dir = await scratch(test);
      const source = { DATABASE_URL: await freshDatabase(test, adminUrl, 'bk_pg') };
      expect((await cli(['migrate'], source)).code).toBe(0);
      const { server, url } = await serving(test, source);
      const seeded = await seed(url);
      // A file of several large-object pieces (1 MiB each), one of a few bytes, and an empty one.
      const files = [randomBytes(2 * 1_048_576 + 12_345), Buffer.from('a datasheet, byte for byte\n'), Buffer.alloc(0)];
      for (const [n, bytes] of files.entries()) {
        await writeFile(join(dir, `file-${n}.bin`), bytes);
        const attached = await cli(['attach', '--parent', 'manufacturer/1', '--title', `File ${n}`, join(dir, `file-${n}.bin`)], source);
        expect(attached.stderr).toBe('');
        expect(attached.code).toBe(0);
      }
      const file = join(dir, 'postgres.backup');
      const backup = await cli(['backup', file], source);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const before = await state(url, seeded.partId, [seeded.unitId]);
      expect(before.attachments.size).toBe(files.length);
      await stop(server);

      const target = { DATA_DIR: join(dir, 'restored') };
      const restored = await cli(['restore', file], target);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(new RegExp(`and ${files.length} attachment files`));
      // The large objects are files under DATA_DIR/blobs now, each private to its owner.
      const stored = await blobFiles(join(target.DATA_DIR, 'blobs'));
      expect(stored.map((found) => found.md5).sort()).toEqual(files.map(md5).sort());
      for (const found of stored) expect(found.mode, found.path).toBe(0o600);

      await servesAsBefore(test, target, seeded, before, files);
      // A restored embedded database backs up again, and that backup checks whole.
      const twice = join(dir, 'embedded.backup');
      expect((await cli(['backup', twice], target)).code).toBe(0);
      const check = await cli(['restore', '--check', twice], {});
      expect(check.stderr).toBe('');
      expect(check.stdout).toMatch(/is whole/);
    });
  });
});
