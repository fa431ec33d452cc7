import { resolve } from 'node:path';

export interface MikroOrmStoreOptions {
  /** postgres://… for PostgreSQL; undefined → embedded PGlite at `${dataDir}/pglite` */
  databaseUrl?: string;
  /** Required when databaseUrl is undefined. */
  dataDir?: string;
  /** Run pending migrations on open (default true). */
  migrate?: boolean;
  debug?: boolean;
  /** Told each statement's SQL before it runs on the request path (tests count them). */
  onStatement?: (sql: string) => void;
}

export type Engine =
  | { readonly kind: 'pglite'; readonly dataDir: string; readonly description: string }
  | { readonly kind: 'postgresql'; readonly url: string; readonly description: string };

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
  return { kind: 'postgresql', url, description: `postgresql at ${host}/${database}` };
}
