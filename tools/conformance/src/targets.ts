import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyDataDir } from '@pips/store-mikro-orm/test';
import { SERVER_CLI, SERVER_MAIN, createCliToken, freePort, psql, spawnServer } from './processes';

/** What a test file gets for one transport under test: where it listens and a token per permission set. */
export interface Target {
  readonly name: TargetName;
  /** Base URL without a trailing slash, e.g. `http://127.0.0.1:4123`. */
  readonly url: string;
  readonly tokens: {
    /** Every permission. */
    readonly all: string;
    /** A valid token with no permission at all. */
    readonly none: string;
    readonly viewInventory: string;
    readonly manageData: string;
    /** Read-only, with every permission: it reads everything, and every change it asks for is refused. */
    readonly readOnly: string;
    /** Read-only, with no permission. */
    readonly readOnlyNone: string;
  };
  /**
   * A server target's store settings (DATA_DIR, DATABASE_URL), for running `npm run pips --`
   * against the same data while it serves; the harness takes data through its control routes.
   */
  readonly cliEnv?: Readonly<Record<string, string>>;
  /** A server target's process id, to read its memory from `/proc/<pid>/status`. */
  readonly pid?: number;
}

export const TARGET_NAMES = ['harness', 'server-pglite', 'server-postgres'] as const;

/** The permissions SPEC names, as `pips token create --permission` takes them. */
const EVERY_PERMISSION = ['manage_data', 'view_inventory', 'edit_released_revisions', 'create_draft_revisions'];
export type TargetName = (typeof TARGET_NAMES)[number];

/** A started target and how to stop it again. */
export interface RunningTarget {
  readonly target: Target;
  stop(): Promise<void>;
}


/**
 * Probes each token of a started target (GET <P>/manufacturer must not be 401) and returns what is
 * wrong, so a broken token set is named once at start-up instead of as a scatter of 401s.
 */
export async function tokenProblems(target: Target): Promise<string[]> {
  const problems: string[] = [];
  for (const [role, token] of Object.entries(target.tokens)) {
    const response = await fetch(`${target.url}/api/v2/${encodeURIComponent(token)}/manufacturer`, {
      headers: { accept: 'application/xml' },
    });
    await response.arrayBuffer();
    if (response.status === 401) problems.push(`token "${role}" is not accepted (401)`);
  }
  return problems;
}

function isTargetName(value: string): value is TargetName {
  return (TARGET_NAMES as readonly string[]).includes(value);
}

/**
 * The targets to run: `CONFORMANCE_TARGETS` (comma separated) or every available one.
 * `server-postgres` is available only with `PIPS_TEST_DATABASE_URL`; without it the target is
 * skipped with a visible notice, and under CI (`CI` set) its absence is an error.
 */
export function selectTargets(env: NodeJS.ProcessEnv = process.env): TargetName[] {
  const hasPostgres = Boolean(env.PIPS_TEST_DATABASE_URL);
  const requested = env.CONFORMANCE_TARGETS?.trim();
  if (requested) {
    const names = requested.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = names.filter((n) => !isTargetName(n));
    if (unknown.length > 0) {
      throw new Error(`CONFORMANCE_TARGETS: unknown target(s) ${unknown.join(', ')}; known: ${TARGET_NAMES.join(', ')}`);
    }
    if (names.includes('server-postgres') && !hasPostgres) {
      throw new Error('CONFORMANCE_TARGETS names server-postgres but PIPS_TEST_DATABASE_URL is not set');
    }
    return [...new Set(names as TargetName[])];
  }
  if (!hasPostgres) {
    if (env.CI) throw new Error('CI is set but PIPS_TEST_DATABASE_URL is not: the server-postgres target must run in CI');
    console.warn(
      '\n[conformance] NOTICE: target server-postgres is SKIPPED because PIPS_TEST_DATABASE_URL is not set.\n',
    );
    return ['harness', 'server-pglite'];
  }
  return [...TARGET_NAMES];
}

export interface StartOptions {
  env?: NodeJS.ProcessEnv;
  /** A prepared DATA_DIR the server on PGlite starts on a copy of; without it, an empty one. */
  pgliteTemplate?: string;
}

export async function startTarget(name: TargetName, options: StartOptions = {}): Promise<RunningTarget> {
  const env = options.env ?? process.env;
  switch (name) {
    case 'harness':
      return startHarnessTarget();
    case 'server-pglite':
      return startServerTarget(name, undefined, env, options.pgliteTemplate);
    case 'server-postgres':
      return startPostgresTarget(env);
  }
}

async function startHarnessTarget(): Promise<RunningTarget> {
  const { startHarness } = await import('@pips/harness');
  const harness = await startHarness({ port: 0, host: '127.0.0.1' });
  const target: Target = {
    name: 'harness',
    url: harness.url.replace(/\/+$/, ''),
    tokens: {
      all: harness.token,
      none: await harness.createToken([]),
      viewInventory: await harness.createToken(['view_inventory']),
      manageData: await harness.createToken(['manage_data']),
      readOnly: await harness.createToken([...EVERY_PERMISSION], { readOnly: true }),
      readOnlyNone: await harness.createToken([], { readOnly: true }),
    },
  };
  return { target, stop: () => harness.close() };
}

// PostgreSQL truncates identifiers to 63 bytes; `_c_` and 12 hex digits take 15.
const MAX_IDENTIFIER = 63;

/**
 * `<database of PIPS_TEST_DATABASE_URL>_c_<random>`: named after the run's own database, so CI's
 * cleanup (every `<db>_%`) finds it even when this run is killed before its teardown.
 */
export function conformanceDatabaseName(adminUrl: string, random = randomBytes(6).toString('hex')): string {
  const base = decodeURIComponent(new URL(adminUrl).pathname.replace(/^\//, '')) || 'postgres';
  const suffix = `_c_${random}`;
  return `${base.slice(0, MAX_IDENTIFIER - suffix.length)}${suffix}`;
}

/** A fresh database of its own on the server PIPS_TEST_DATABASE_URL names, and how to drop it again. */
export interface ScratchDatabase {
  readonly url: string;
  /** Ends every session still on it, then drops it. */
  drop(): Promise<void>;
}

export async function createScratchDatabase(adminUrl: string): Promise<ScratchDatabase> {
  const database = conformanceDatabaseName(adminUrl);
  await psql(adminUrl, `CREATE DATABASE "${database}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async drop() {
      await psql(
        adminUrl,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
      );
      await psql(adminUrl, `DROP DATABASE IF EXISTS "${database}"`);
    },
  };
}

async function startPostgresTarget(env: NodeJS.ProcessEnv): Promise<RunningTarget> {
  const adminUrl = env.PIPS_TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('server-postgres needs PIPS_TEST_DATABASE_URL');
  const database = await createScratchDatabase(adminUrl);
  try {
    const running = await startServerTarget('server-postgres', database.url, env);
    return {
      target: running.target,
      async stop() {
        try {
          await running.stop();
        } finally {
          await database.drop();
        }
      },
    };
  } catch (error) {
    await database.drop().catch(() => undefined);
    throw error;
  }
}

/** A DATA_DIR of its own: a copy of `template` when given, else empty. */
export async function makeDataDir(prefix: string, template?: string): Promise<{ dir: string; remove(): Promise<void> }> {
  if (template) {
    const copy = copyDataDir(template, prefix);
    await copy.ready;
    return copy;
  }
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Starts `apps/server/dist/main.js` on a free port with a DATA_DIR of its own (a copy of
 * `pgliteTemplate` when given). The limited tokens are created with the CLI first, on the same
 * store: embedded PGlite is single-process, so the CLI must be done before the server opens it.
 */
async function startServerTarget(
  name: 'server-pglite' | 'server-postgres',
  databaseUrl: string | undefined,
  parentEnv: NodeJS.ProcessEnv,
  pgliteTemplate?: string,
): Promise<RunningTarget> {
  requireBuiltServer();
  const { dir: dataDir, remove: removeDataDir } = await makeDataDir(`pips-conformance-${name}-`, pgliteTemplate);
  const bootstrapToken = `conf-${randomBytes(18).toString('hex')}`;
  const env = serverEnv(parentEnv, { port: await freePort(), dataDir, bootstrapToken, databaseUrl });

  try {
    const none = await createCliToken(env, 'conformance-none', []);
    const viewInventory = await createCliToken(env, 'conformance-view-inventory', ['view_inventory']);
    const manageData = await createCliToken(env, 'conformance-manage-data', ['manage_data']);
    const readOnly = await createCliToken(env, 'conformance-read-only', EVERY_PERMISSION, { readOnly: true });
    const readOnlyNone = await createCliToken(env, 'conformance-read-only-none', [], { readOnly: true });
    const started = await spawnServer(env);
    const cliEnv = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const tokens = { all: bootstrapToken, none, viewInventory, manageData, readOnly, readOnlyNone };
    const target: Target = { name, url: started.url, tokens, cliEnv, pid: started.pid };
    return {
      target,
      async stop() {
        try {
          await started.stop();
        } finally {
          await removeDataDir();
        }
      },
    };
  } catch (error) {
    await removeDataDir().catch(() => undefined);
    throw error;
  }
}

/** Throws, saying what to do, when the server or its CLI has not been built. */
export function requireBuiltServer(): void {
  for (const file of [SERVER_MAIN, SERVER_CLI]) {
    if (!existsSync(file)) {
      throw new Error(
        `${file} does not exist: build the server first (npm run build), or run only the harness with CONFORMANCE_TARGETS=harness`,
      );
    }
  }
}

/** What a server process of the suite is started with: its port, store and bootstrap token, quiet logs. */
export function serverEnv(
  parentEnv: NodeJS.ProcessEnv,
  options: { port: number; dataDir: string; bootstrapToken: string; databaseUrl?: string },
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...parentEnv,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    BOOTSTRAP_TOKEN: options.bootstrapToken,
    SITE_TIMEZONE: 'UTC',
    LOG_LEVEL: parentEnv.CONFORMANCE_LOG_LEVEL ?? 'warn',
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  return env;
}
