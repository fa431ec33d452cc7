import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot, startProcess, type Running } from './processes';

export const TOKEN = 'bench';

/** Where an engine keeps its data for one run, and how to remove it again. */
export interface Prepared {
  env: NodeJS.ProcessEnv;
  cleanup(): void;
}

export interface Engine {
  name: string;
  /** Creates the engine's directory or database; called when the engine's turn comes, not before. */
  prepare(): Prepared;
  /**
   * For an engine one process holds at a time (PGlite): a copy of the data, made while PIPS is
   * stopped, for the floor to run on beside it. Absent when both can share the data.
   */
  copyForFloor?(prepared: Prepared): Prepared;
  /** A copy of the data, made while no server uses it, for a server of its own; absent for the memory engine, whose data is its server's. */
  copy?(prepared: Prepared): Prepared;
}

/** A copy of a PGlite data directory (its server stopped). */
function copyDataDir(prepared: Prepared): Prepared {
  const copy = mkdtempSync(join(tmpdir(), 'pips-bench-copy-data-'));
  try {
    cpSync(prepared.env.DATA_DIR!, copy, { recursive: true });
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
  return { env: { DATA_DIR: copy }, cleanup: () => rmSync(copy, { recursive: true, force: true }) };
}

export function engines(env: NodeJS.ProcessEnv = process.env): Engine[] {
  const list: Engine[] = [
    { name: 'memory', prepare: () => ({ env: { DATABASE_URL: 'memory:' }, cleanup: () => {} }) },
    {
      name: 'pglite',
      prepare: () => {
        const dataDir = mkdtempSync(join(tmpdir(), 'pips-bench-data-'));
        return { env: { DATA_DIR: dataDir }, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
      },
      copyForFloor: copyDataDir,
      copy: copyDataDir,
    },
  ];
  const admin = env.BENCH_DATABASE_URL ?? env.PIPS_TEST_DATABASE_URL;
  if (admin) {
    const prefix = env.BENCH_DATABASE_PREFIX ?? 'pips_bench';
    const urlOf = (db: string) => admin.replace(/\/[^/]*$/, `/${db}`);
    const database = (db: string): Prepared => ({
      env: { DATABASE_URL: urlOf(db) },
      cleanup: () => execFileSync('psql', ['-q', admin, '-c', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`]),
    });
    let copies = 0;
    list.push({
      name: 'postgresql',
      prepare: () => {
        const db = `${prefix}_${Date.now()}`;
        execFileSync('psql', ['-q', admin, '-c', `CREATE DATABASE ${db}`]);
        return database(db);
      },
      // A database made from another as its template: no session may be connected to that one meanwhile.
      copy: (prepared) => {
        const from = /\/([^/?]+)(\?.*)?$/.exec(prepared.env.DATABASE_URL!)![1]!;
        const db = `${from}_copy${++copies}`;
        execFileSync('psql', ['-q', admin, '-c', `CREATE DATABASE ${db} TEMPLATE ${from}`]);
        return database(db);
      },
    });
  } else {
    console.warn('PostgreSQL skipped: set BENCH_DATABASE_URL or PIPS_TEST_DATABASE_URL to include it.');
  }
  const only = env.BENCH_ENGINES?.split(',').map((name) => name.trim()).filter(Boolean);
  return only && only.length > 0 ? list.filter((engine) => only.includes(engine.name)) : list;
}

export async function startServer(prepared: Prepared): Promise<Running & { pid: number | undefined }> {
  const port = await freePort();
  // UTC, as the floors write timestamps, whatever zone the bench itself runs in.
  const env = { ...prepared.env, PORT: String(port), HOST: '127.0.0.1', BOOTSTRAP_TOKEN: TOKEN, LOG_LEVEL: 'warn', SITE_TIMEZONE: 'UTC' };
  return startProcess(join(repoRoot, 'apps', 'server', 'dist', 'main.js'), [], env, '/readyz', port);
}

const xmlHeaders = { 'content-type': 'application/xml', accept: 'application/xml' };

async function postXml(url: string, body: string): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers: xmlHeaders, body });
  const text = await response.text();
  if (!response.ok) throw new Error(`seeding failed: ${response.status} ${text}`);
  return Number(/<id>(\d+)<\/id>/.exec(text)?.[1]);
}

/**
 * Creates `count` units, the last with conversions to the first two (factors 10 and 0.0125), and
 * returns the path of that one to show and the id of the first, which the parts use.
 */
export async function seed(url: string, count: number): Promise<{ showPath: string; firstUnitId: number }> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    ids.push(await postXml(`${url}/api/v2/${TOKEN}/unit`, `<unit><name>bench unit ${i}</name><description>unit number ${i}</description></unit>`));
  }
  const last = ids[ids.length - 1];
  if (last === undefined) throw new Error('seeding needs at least one unit');
  for (const [to, factor] of [
    [ids[0], '10'],
    [ids[1], '0.0125'],
  ] as const) {
    if (to === undefined || to === last) continue;
    const body = `<unit_conversion><from_unit_id>${last}</from_unit_id><to_unit_id>${to}</to_unit_id><factor>${factor}</factor></unit_conversion>`;
    await postXml(`${url}/api/v2/${TOKEN}/unit_conversion`, body);
  }
  return { showPath: `/api/v2/${TOKEN}/unit/${last}`, firstUnitId: ids[0]! };
}
