import type { Engine } from './engine';

/** Why a database could not be opened; each kind tells the operator what to do. */
export type OpenErrorKind =
  | 'database_missing'
  | 'database_unreachable'
  | 'authentication_failed'
  | 'database_in_use'
  | 'data_dir_unusable'
  | 'tls_settings'
  | 'tls_failed';

/**
 * A database that cannot be opened at start-up. The message is one line meant for a person
 * (what is wrong, what to do); the cause is kept for a debug log.
 */
export class StoreOpenError extends Error {
  constructor(
    readonly kind: OpenErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreOpenError';
  }
}

export function isStoreOpenError(error: unknown): error is StoreOpenError {
  return error instanceof StoreOpenError;
}

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** The pieces of a PostgreSQL URL a message may name (never the password). */
function where(engine: Extract<Engine, { kind: 'postgresql' }>): { server: string; database: string } {
  const url = new URL(engine.url);
  return {
    server: `${url.hostname}:${url.port || '5432'}`,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
  };
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/**
 * Names a failure to open a database when it is one an operator can act on; anything else is
 * returned as it came, so a real bug keeps its stack.
 */
export function classifyOpenError(engine: Engine, error: unknown): unknown {
  if (isStoreOpenError(error)) return error;
  const code = codeOf(error);
  if (engine.kind === 'pglite') {
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOTDIR' || code === 'ENOSPC') {
      return new StoreOpenError(
        'data_dir_unusable',
        `cannot use the embedded database directory ${engine.dataDir} (${code}); check DATA_DIR`,
        { cause: error },
      );
    }
    return error;
  }
  const { server, database } = where(engine);
  if (code === '3D000') {
    return new StoreOpenError(
      'database_missing',
      `database "${database}" does not exist on PostgreSQL at ${server}; check DATABASE_URL, or create it with: npm run pips -- db create`,
      { cause: error },
    );
  }
  const tls = tlsProblem(engine, server, error, code);
  if (tls) return new StoreOpenError('tls_failed', tls, { cause: error });
  if (code === '28P01' || code === '28000') {
    return new StoreOpenError(
      'authentication_failed',
      `PostgreSQL at ${server} refused the login to database "${database}"; check the user and password in DATABASE_URL`,
      { cause: error },
    );
  }
  if (code && UNREACHABLE.has(code)) {
    return new StoreOpenError(
      'database_unreachable',
      `cannot reach PostgreSQL at ${server} (${code}); check that it is running and that DATABASE_URL names it`,
      { cause: error },
    );
  }
  return error;
}

/** What went wrong between TLS and the server, said as an operator fixes it; undefined when it is not about TLS. */
function tlsProblem(engine: Extract<Engine, { kind: 'postgresql' }>, server: string, error: unknown, code: string | undefined): string | undefined {
  const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : '';
  const mode = engine.tls.mode;
  // pg_hba.conf has no line for a connection in clear (PostgreSQL words it so in English).
  if (code === '28000' && !engine.tls.ssl && /no encryption/.test(message)) {
    return `PostgreSQL at ${server} accepts only connections with TLS; add sslmode=verify-full (with sslrootcert) or sslmode=require to DATABASE_URL`;
  }
  if (!engine.tls.ssl) return undefined;
  if (/does not support SSL/i.test(message)) {
    return `PostgreSQL at ${server} does not offer TLS, which sslmode=${mode} in DATABASE_URL requires; turn ssl on at the server, or use sslmode=disable`;
  }
  const refused = `PostgreSQL at ${server} presented a certificate that sslmode=${mode} does not accept`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const host = (error as { host?: unknown }).host;
    return `${refused}: it does not name the host${typeof host === 'string' ? ` "${host}"` : ''} (${code}); connect by a name the certificate holds, or use sslmode=verify-ca`;
  }
  if (code !== undefined && CERTIFICATE_REFUSED.has(code)) {
    const ssl = engine.tls.ssl;
    const signer = ssl && ssl.ca ? 'no CA in sslrootcert signed it' : 'no well-known CA signed it (name its CA with sslrootcert)';
    const why = UNTRUSTED.has(code) ? signer : (message.split(';')[0] ?? code);
    return `${refused}: ${why} (${code}); check sslrootcert in DATABASE_URL`;
  }
  if (code?.startsWith('ERR_SSL_') || /SSL connection/i.test(message)) {
    return `the TLS handshake with PostgreSQL at ${server} failed (${message}${code ? `; ${code}` : ''}); check sslmode, sslcert and sslkey in DATABASE_URL`;
  }
  return undefined;
}

/** Verification failures that mean no trusted CA signed the certificate. */
const UNTRUSTED = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
]);

/** OpenSSL's verification failures, as Node names them. */
const CERTIFICATE_REFUSED = new Set([
  ...UNTRUSTED,
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_CHAIN_TOO_LONG',
  'INVALID_CA',
  'INVALID_PURPOSE',
  'PATH_LENGTH_EXCEEDED',
  'HOSTNAME_MISMATCH',
]);
