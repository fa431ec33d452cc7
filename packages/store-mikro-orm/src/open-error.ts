import type { Engine } from './engine';

/** Why a database could not be opened; each kind tells the operator what to do. */
export type OpenErrorKind =
  | 'database_missing'
  | 'database_unreachable'
  | 'authentication_failed'
  | 'database_in_use'
  | 'data_dir_unusable';

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
