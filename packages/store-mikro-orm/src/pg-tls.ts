import { getCACertificates, type ConnectionOptions } from 'node:tls';
import { parse } from 'pg-connection-string';
import { StoreOpenError } from './open-error';

/** The libpq `sslmode`s PIPS honours (`allow` and `prefer` are refused: see `tlsOfUrl`). */
export type TlsMode = 'disable' | 'require' | 'verify-ca' | 'verify-full';

/**
 * How a PostgreSQL URL asks to connect: `mode` as the URL says it (undefined: no `sslmode`), and
 * node-postgres's `ssl` option for it (undefined: none is passed, node-postgres's default, no TLS).
 */
export interface PgTls {
  readonly mode: TlsMode | undefined;
  readonly ssl: ConnectionOptions | false | undefined;
}

const MODES: readonly string[] = ['disable', 'require', 'verify-ca', 'verify-full'] satisfies TlsMode[];

/** The URL parameters that set up TLS; MikroORM reads none of them, so they are read here. */
export const TLS_PARAMS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey'] as const;

const refuse = (message: string, cause?: unknown) => new StoreOpenError('tls_settings', message, cause === undefined ? undefined : { cause });

/** A value from the URL, quoted for a message: short, one line (it is the operator's, never the password). */
const quoted = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * Reads `sslmode`, `sslrootcert`, `sslcert` and `sslkey` from a PostgreSQL URL as libpq does, and
 * answers node-postgres's `ssl` option for them: `disable` none; `require` encrypted, the
 * certificate unchecked (checked against `sslrootcert` when one is named, as libpq does);
 * `verify-ca` the chain checked against `sslrootcert`, not the host name; `verify-full` the
 * chain and the host name; `sslrootcert=system` trusts the system's CAs and means verify-full.
 * The mapping is pg-connection-string's libpq-compatible one; the files are read here, once. `allow` and `prefer` fall back to a connection in clear, which
 * node-postgres cannot do (and an attacker can force), so they are refused, as is any other value.
 * Every refusal is a `StoreOpenError` of kind `tls_settings` naming what to change; no message
 * holds the URL.
 */
export function tlsOfUrl(url: URL): PgTls {
  const params = url.searchParams;
  // libpq 16: `sslrootcert=system` trusts the system's CAs, makes verify-full the default and allows no weaker mode.
  const system = params.get('sslrootcert') === 'system';
  const mode = params.get('sslmode') ?? (system ? 'verify-full' : null);
  if (system && mode !== 'verify-full') {
    throw refuse(`DATABASE_URL's sslrootcert=system allows only sslmode=verify-full, as libpq, not ${quoted(mode ?? '')}`);
  }
  const files = TLS_PARAMS.filter((name) => name !== 'sslmode' && params.has(name));
  if (mode === null) {
    if (files.length > 0) {
      throw refuse(`DATABASE_URL names ${files.join(', ')} without sslmode; add sslmode=verify-full (or require, verify-ca)`);
    }
    return { mode: undefined, ssl: undefined };
  }
  if (mode === 'allow' || mode === 'prefer') {
    throw refuse(
      `DATABASE_URL's sslmode=${mode} is not supported: it falls back to a connection without TLS; use sslmode=require (encrypted), verify-full (encrypted, server checked) or disable`,
    );
  }
  if (!MODES.includes(mode)) {
    throw refuse(`DATABASE_URL's sslmode must be disable, require, verify-ca or verify-full, not ${quoted(mode)}`);
  }
  if (mode === 'disable') return { mode, ssl: false };
  if (mode === 'verify-ca' && !params.has('sslrootcert')) {
    throw refuse('DATABASE_URL asks for sslmode=verify-ca without sslrootcert; name the CA file (sslrootcert=/path/to/ca.pem), or use sslmode=verify-full');
  }
  // Only the TLS parameters go to the parser: the rest of the URL (the password) has no business there.
  const only = new URLSearchParams();
  for (const name of TLS_PARAMS) {
    const value = params.get(name);
    if (value !== null && !(system && name === 'sslrootcert')) only.set(name, value);
  }
  only.set('sslmode', mode);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(`postgres://localhost/?${only.toString()}`, { useLibpqCompat: true });
  } catch (error) {
    throw refuse(unreadable(error), error);
  }
  // node-postgres names no host to TLS when the URL's host is an IP address, and Node then checks
  // the certificate against "localhost" (brianc/node-postgres#2263): name it here. TLS reads
  // `host` only to check the certificate.
  const host = decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1');
  const ca = system ? { ca: getCACertificates('system') } : {};
  return { mode: mode as TlsMode, ssl: { ...(parsed.ssl as ConnectionOptions), ...ca, ...(host ? { host } : {}) } };
}

/** A file the URL names could not be read: which, and why. */
function unreadable(error: unknown): string {
  const { code, path } = error as { code?: unknown; path?: unknown };
  if (typeof path === 'string') {
    return `cannot read ${JSON.stringify(path)}, a file DATABASE_URL names (sslrootcert, sslcert or sslkey): ${typeof code === 'string' ? code : 'unreadable'}`;
  }
  return `DATABASE_URL's TLS settings cannot be used: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}

/** The URL without its TLS parameters, for a driver that would read them its own way. */
export function withoutTlsParams(url: string): string {
  const copy = new URL(url);
  for (const name of TLS_PARAMS) copy.searchParams.delete(name);
  return copy.toString();
}

/** node-postgres's options for `url` and its TLS as read before: node-postgres must not read sslmode its own way. */
export function pgClientOptionsOf(url: string, tls: PgTls): { connectionString: string; ssl?: ConnectionOptions | false } {
  return { connectionString: withoutTlsParams(url), ...(tls.ssl !== undefined ? { ssl: tls.ssl } : {}) };
}

/**
 * node-postgres's options (`new pg.Client(…)`, `new pg.Pool(…)`) for a PostgreSQL URL, its TLS
 * parameters read as the store reads them, for code that opens its own connections beside a store.
 */
export function postgresClientOptions(url: string): { connectionString: string; ssl?: ConnectionOptions | false } {
  return pgClientOptionsOf(url, tlsOfUrl(new URL(url)));
}
