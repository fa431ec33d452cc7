import type { StatementRan } from './sql/statement-ran';
import { resolve } from 'node:path';
import { tlsOfUrl, type PgTls } from './pg-tls';

export interface MikroOrmStoreOptions {
  /** postgres://… for PostgreSQL; undefined → embedded PGlite at `${dataDir}/pglite` */
  databaseUrl?: string;
  /** Required when databaseUrl is undefined. */
  dataDir?: string;
  /** Run pending migrations on open (default true). */
  migrate?: boolean;
  debug?: boolean;
  /** Told each statement's SQL before it runs on the request path (tests count them), and whether it goes with the next in one round trip. */
  onStatement?: (sql: string, sentWithNext?: boolean) => void;
  /** Told of each statement of the request path once it is over (text, engine, timing): statement spans. */
  statementRan?: StatementRan;
  /**
   * PostgreSQL: the most connections this process's pool opens (default 10). Ignored on PGlite,
   * which is one session.
   */
  poolMax?: number;
  /**
   * PostgreSQL: `statement_timeout` of every connection of the pool, in milliseconds; a statement
   * running longer fails, and the store reports it as busy. 0 or absent: none is set (the
   * database's or role's own setting applies). It also bounds the wait for a connection (new, or a
   * turn in a full pool), which then fails as `unavailable`. Migrations run without it. Ignored on PGlite.
   */
  statementTimeoutMs?: number;
  /** PGlite: committed transactions between two runs of its upkeep (default 1000; 0: none). Ignored on PostgreSQL. */
  upkeepEvery?: number;
}

/** How the PostgreSQL pool connects. */
export interface PoolSettings {
  readonly max: number;
  /** 0: no statement timeout is set. */
  readonly statementTimeoutMs: number;
}

export const DEFAULT_POOL_MAX = 10;

/** PostgreSQL keeps `statement_timeout` in an int of milliseconds. */
const MAX_STATEMENT_TIMEOUT_MS = 2_147_483_647;

export type Engine =
  | { readonly kind: 'pglite'; readonly dataDir: string; readonly description: string }
  | {
      readonly kind: 'postgresql';
      readonly url: string;
      readonly description: string;
      readonly pool: PoolSettings;
      /** What the URL's `sslmode` and its files ask for, as node-postgres's `ssl` option. */
      readonly tls: PgTls;
    };

function poolSettings(options: MikroOrmStoreOptions): PoolSettings {
  const max = options.poolMax ?? DEFAULT_POOL_MAX;
  if (!Number.isSafeInteger(max) || max < 1) throw new Error(`poolMax must be a positive integer, not ${max}`);
  const statementTimeoutMs = options.statementTimeoutMs ?? 0;
  if (!Number.isSafeInteger(statementTimeoutMs) || statementTimeoutMs < 0 || statementTimeoutMs > MAX_STATEMENT_TIMEOUT_MS) {
    throw new Error(`statementTimeoutMs must be an integer from 0 to ${MAX_STATEMENT_TIMEOUT_MS}, not ${statementTimeoutMs}`);
  }
  return { max, statementTimeoutMs };
}

/** Which database the options name, and how to describe it without leaking a password. */
export function resolveEngine(options: MikroOrmStoreOptions): Engine {
  const url = options.databaseUrl;
  if (url === undefined || url === '') {
    if (!options.dataDir) throw new Error('dataDir is required when no databaseUrl is given');
    const dataDir = resolve(options.dataDir, 'pglite');
    return { kind: 'pglite', dataDir, description: `pglite at ${dataDir}` };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('databaseUrl is not a valid URL');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`databaseUrl must be a postgres:// URL, not ${parsed.protocol}//…`);
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres';
  const host = `${parsed.hostname}:${parsed.port || '5432'}`;
  const tls = tlsOfUrl(parsed);
  const description = `postgresql at ${host}/${database}${tls.mode ? ` (sslmode=${tls.mode})` : ''}`;
  return { kind: 'postgresql', url, description, pool: poolSettings(options), tls };
}
