import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { postgresSuites } from '@pips/store-mikro-orm/test';
import { describe, expect, it, type TestContext } from 'vitest';
import { blobFiles, seed } from './backup-load.test-helper';
import { freshDatabase, psql, runToEnd, SERVER_CLI, startMain } from './test-processes';

// A backup of a large database, restored across both engines and back (PostgreSQL → backup →
// embedded → backup → PostgreSQL), compared table by table. Each command runs with its JavaScript
// heap capped (HEAP_MIB), so one that held a table's rows or a file whole in the heap runs out of
// memory; and its peak resident memory, buffers and the embedded database included, is held to
// what the same command takes for a nearly empty database plus a bound the files outgrow.
// It takes minutes, so it runs when asked.

const ENABLED = process.env.PIPS_TEST_LARGE_BACKUP === '1';
const MINUTE = 60_000;
/** Units of stock added, each with its record. */
const UNITS = 60_000;
/** Attachment files, each of FILE_BYTES random (incompressible) bytes: 320 MiB in all. */
const FILES = 8;
const FILE_BYTES = 40 * 1_048_576;
/** V8's old space, in MiB, for every command: without a cap V8 lets garbage pile up to hundreds of MB before it collects, whatever the data. */
const HEAP_MIB = 128;
/**
 * How much more memory a command may take for the large database than for the nearly empty one
 * (generous: V8's young generation and freed memory the allocator keeps count too). The files
 * alone are 320 MiB; a command that held them whole would grow past this.
 */
const RSS_GROWTH_BOUND = 192 * 1_048_576;

if (!ENABLED) console.warn('large backup test skipped: set PIPS_TEST_LARGE_BACKUP=1 to back up and restore a large database (minutes)');

interface Measured {
  readonly stdout: string;
  readonly seconds: number;
  /** The CLI process's peak resident memory, in bytes. */
  readonly peakRss: number;
}

/** Writes the process's peak resident memory (`process.resourceUsage().maxRSS`, KiB) to PIPS_TEST_RSS_FILE as it exits. */
const RSS_PROBE = `import { writeFileSync } from 'node:fs';
process.on('exit', () => writeFileSync(process.env.PIPS_TEST_RSS_FILE, String(process.resourceUsage().maxRSS)));
`;

async function scratch(test: TestContext): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pips-backup-large-'));
  test.onTestFinished(() => rm(dir, { recursive: true, force: true }));
  await writeFile(join(dir, 'rss-probe.mjs'), RSS_PROBE);
  return dir;
}

/** Runs the CLI to its end, which must succeed silently on stderr; answers its output, time and peak memory. */
async function measured(dir: string, args: string[], env: Record<string, string>): Promise<Measured> {
  const rssFile = join(dir, `rss-${randomBytes(4).toString('hex')}`);
  const started = Date.now();
  const done = await runToEnd(process.execPath, ['--import', pathToFileURL(join(dir, 'rss-probe.mjs')).href, SERVER_CLI, ...args], { ...env, PIPS_TEST_RSS_FILE: rssFile, NODE_OPTIONS: `--max-old-space-size=${HEAP_MIB}` }, 20 * MINUTE);
  const seconds = (Date.now() - started) / 1000;
  expect(done.stderr, args.join(' ')).toBe('');
  expect(done.code, args.join(' ')).toBe(0);
  return { stdout: done.stdout, seconds, peakRss: Number(await readFile(rssFile, 'utf8')) * 1024 };
}

/** The tables a backup holds, each with its row count and an md5 of its rows (attachments' keys aside: a restore gives files new keys). */
async function tableSums(url: string): Promise<Map<string, string>> {
  const tables = (await psql(url, "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname NOT IN ('mikro_orm_migrations', 'rate_limit', 'large_object_blob') ORDER BY 1")).split('\n');
  const sums = new Map<string, string>();
  for (const table of tables) {
    const sql = `SELECT count(*) || ' ' || coalesce(md5(string_agg(j, E'\\n' ORDER BY j)), '-') FROM (SELECT (to_jsonb(t) - 'blob_key')::text AS j FROM "${table}" t) rows`;
    sums.set(table, await psql(url, sql));
  }
  return sums;
}

/** Each attachment's md5 as its row says, with the md5 of the large object it names. */
async function largeObjectSums(url: string): Promise<string[]> {
  return (await psql(url, 'SELECT md5, md5(lo_get(blob_key::oid)) FROM attachment ORDER BY id')).split('\n');
}

/** The row counts `restore --check` prints, one `table\tN` line each. */
const rowCounts = (summary: string) => summary.split('\n').filter((line) => /^ {2}\S+\t\d+$/.test(line));

interface RoundTrip {
  readonly steps: Record<'backupPostgres' | 'restoreEmbedded' | 'backupEmbedded' | 'restorePostgres', Measured>;
  readonly bytes: number;
}

/**
 * Backs up the PostgreSQL database `source`, restores it into a new DATA_DIR, backs that up,
 * restores it into a new PostgreSQL database, and checks that every table and file came back.
 */
async function roundTrip(test: TestContext, adminUrl: string, dir: string, source: string, label: string): Promise<RoundTrip> {
  const first = join(dir, `${label}-postgres.backup`);
  const second = join(dir, `${label}-embedded.backup`);
  const embedded = { DATA_DIR: join(dir, `${label}-data`) };
  const target = await freshDatabase(test, adminUrl, `bk_${label}`);
  const backupPostgres = await measured(dir, ['backup', first], { DATABASE_URL: source });
  const restoreEmbedded = await measured(dir, ['restore', first], embedded);
  // The embedded database's files are the attachments' bytes, file for file.
  const attachments = await largeObjectSums(source);
  const stored = await blobFiles(join(embedded.DATA_DIR, 'blobs'));
  expect(stored.map((found) => found.md5).sort()).toEqual(attachments.map((line) => line.split('|')[0]).sort());
  const backupEmbedded = await measured(dir, ['backup', second], embedded);
  const checks = await Promise.all([first, second].map((file) => measured(dir, ['restore', '--check', file], {})));
  expect(rowCounts(checks[1]!.stdout)).toEqual(rowCounts(checks[0]!.stdout));
  const restorePostgres = await measured(dir, ['restore', second], { DATABASE_URL: target });
  expect(await tableSums(target)).toEqual(await tableSums(source));
  const restored = await largeObjectSums(target);
  for (const line of restored) expect(line.split('|')[0]).toBe(line.split('|')[1]);
  expect(restored).toEqual(attachments);
  return { steps: { backupPostgres, restoreEmbedded, backupEmbedded, restorePostgres }, bytes: (await stat(first)).size };
}

/** Adds UNITS units of stock to the seeded part, each with its record of creation, straight in SQL. */
async function addStock(url: string, unitId: string): Promise<void> {
  await psql(
    url,
    `INSERT INTO inventory_unit (part_id, unit_id, inventory_sublocation_id, quantity, cost_per_unit, currency, sublocation_bin, lot_code, details, created_at, updated_at)
     SELECT part_id, unit_id, inventory_sublocation_id, g + 0.125, cost_per_unit, currency, 'B' || (g % 97), 'LOT-' || g, 'bulk unit ' || g || ' ' || repeat('x', g % 40),
            created_at + g * interval '1 second', updated_at + g * interval '1 second'
       FROM inventory_unit, generate_series(1, ${UNITS}) g WHERE id = ${unitId}`,
  );
  await psql(
    url,
    `INSERT INTO inventory_record (inventory_unit_id, part_id, record_type, quantity_before, quantity_after, to_sublocation_id, comment, creator_id, created_at)
     SELECT u.id, u.part_id, r.record_type, 0, u.quantity, u.inventory_sublocation_id, 'bulk ' || u.id, r.creator_id, u.created_at
       FROM inventory_unit u, inventory_record r WHERE r.inventory_unit_id = ${unitId} AND u.id <> ${unitId}`,
  );
}

const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MiB`;

describe.skipIf(!ENABLED)('backup and restore of a large database', () => {
  postgresSuites('backup and restore of a large database', (adminUrl) => {
    it('restores every row and file across both engines, in memory that does not grow with the data', { timeout: 60 * MINUTE }, async (test) => {
      const dir = await scratch(test);
      const source = await freshDatabase(test, adminUrl, 'bk_large');
      expect((await runToEnd(process.execPath, [SERVER_CLI, 'migrate'], { DATABASE_URL: source })).code).toBe(0);
      const server = startMain(test, { DATABASE_URL: source, PORT: '0', BOOTSTRAP_TOKEN: 't' });
      const seeded = await seed(await server.listening());
      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
      const attach = (file: string) => measured(dir, ['attach', '--parent', 'manufacturer/1', '--title', 'Datasheet', file], { DATABASE_URL: source });
      await writeFile(join(dir, 'small.bin'), 'a datasheet\n');
      await attach(join(dir, 'small.bin'));
      const small = await roundTrip(test, adminUrl, dir, source, 'small');

      await addStock(source, seeded.unitId);
      for (let n = 0; n < FILES; n++) {
        await writeFile(join(dir, 'file.bin'), randomBytes(FILE_BYTES));
        await attach(join(dir, 'file.bin'));
      }
      expect(await psql(source, 'SELECT count(*) FROM inventory_unit')).toBe(String(UNITS + 1));
      expect(await psql(source, 'SELECT count(*) FROM inventory_record')).toBe(String(UNITS + 1));
      const large = await roundTrip(test, adminUrl, dir, source, 'large');

      const steps = Object.entries(large.steps).map(([step, measure]) => ({ step, measure, before: small.steps[step as keyof RoundTrip['steps']] }));
      console.info(
        `large backup: ${UNITS + 1} units and as many records, ${FILES + 1} files (${mib(FILES * FILE_BYTES)}); backup file ${mib(large.bytes)}\n` +
          steps.map(({ step, measure, before }) => `${step}: ${measure.seconds.toFixed(1)} s, peak RSS ${mib(measure.peakRss)} (nearly empty database: ${before.seconds.toFixed(1)} s, ${mib(before.peakRss)})`).join('\n'),
      );
      for (const { step, measure, before } of steps) {
        expect(measure.peakRss - before.peakRss, `${step}'s peak memory grew with the data`).toBeLessThan(RSS_GROWTH_BOUND);
      }
      // The data outgrows the bound, or the comparison could not tell.
      expect(large.bytes - small.bytes).toBeGreaterThan(1.5 * RSS_GROWTH_BOUND);
    });
  });
});
