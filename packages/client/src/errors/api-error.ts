import type { ApiErrorCode } from './status-codes';

/** One failing item of a bulk request (SPEC 7: `<subpart><number>2</number><errors>…`), numbered from 1. */
export interface ItemError {
  readonly number: number;
  readonly messages: readonly string[];
}

export interface ApiErrorInit {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The messages of the error body, in order (for item errors, every item's in turn). */
  readonly messages: readonly string[];
  readonly items?: readonly ItemError[];
  readonly retryAfter?: number | null;
  readonly requestId?: string | null;
  readonly method: string;
  /** The request's path with the token masked as `[token]`. */
  readonly path: string;
  readonly cause?: unknown;
}

/**
 * What every client function throws when an operation did not succeed: the HTTP status (0 when no
 * answer came), a stable `code`, the messages the server gave and, where it gave them, the
 * per-item errors, `Retry-After` (seconds) and the request id of a 500. The token never appears
 * in it: the path names it `[token]`.
 */
export class PipsApiError extends Error {
  override readonly name = 'PipsApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly messages: readonly string[];
  readonly items: readonly ItemError[];
  /** Seconds to wait before trying again (429, 503), or null when the server named none. */
  readonly retryAfter: number | null;
  readonly requestId: string | null;
  readonly method: string;
  readonly path: string;

  constructor(init: ApiErrorInit) {
    const said = init.messages.length > 0 ? `: ${init.messages.join('; ')}` : '';
    super(`${init.method} ${init.path} failed with ${init.status === 0 ? 'no answer' : init.status} (${init.code})${said}`, {
      cause: init.cause,
    });
    this.status = init.status;
    this.code = init.code;
    this.messages = init.messages;
    this.items = init.items ?? [];
    this.retryAfter = init.retryAfter ?? null;
    this.requestId = init.requestId ?? null;
    this.method = init.method;
    this.path = init.path;
  }
}

/** True when `error` is a PipsApiError, with `code` when given: `isPipsApiError(error, 'not_found')`. */
export function isPipsApiError(error: unknown, code?: ApiErrorCode): error is PipsApiError {
  return error instanceof PipsApiError && (code === undefined || error.code === code);
}
