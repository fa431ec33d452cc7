import { DEFAULT_LIMITS, type ParseLimits } from '@pips/xml';
import type { RetryOptions } from './call-options';

/** How a client reaches its server. */
export interface ClientOptions {
  /** Where PIPS answers, e.g. `https://pips.example.com` (a path prefix is kept: `https://gw.example.com/pips`). */
  readonly baseUrl: string;
  /** The API token: the path segment after `/api/v2`. */
  readonly token: string;
  /** A fetch to use instead of the global one (a proxy agent, retries, tracing, a test double). */
  readonly fetch?: typeof globalThis.fetch;
  /** Headers sent with every request, beside `Accept` and `Content-Type` (which the client sets). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Parsing limits for each document read (a single answer, or one item of a list: a list is read
   * item by item, so its length is not limited). Defaults: RESPONSE_LIMITS.
   */
  readonly limits?: ParseLimits;
  /**
   * How long one request may take, in ms: from sending it until its answer is read to the end (a
   * download: until its headers). A call may set its own. Default DEFAULT_TIMEOUT_MS (30 s); null for none.
   */
  readonly timeoutMs?: number | null;
  /** Retries after a 429 or 503, honouring `Retry-After`; off unless given. A call may set its own. */
  readonly retry?: RetryOptions | false;
  /**
   * `'auto'`: every write (POST, PUT, DELETE) is sent with an `Idempotency-Key` of its own, a random
   * UUID drawn for the call and sent again with each of its retries. Off unless given; a call may
   * set its own key (`idempotencyKey`).
   */
  readonly idempotencyKeys?: 'auto' | false;
}

/** Each request's timeout unless told: long enough for a whole list of thousands of parts, short enough that a stalled call ends. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The codec's own limits, but for the size of one answer: a revision's bill or an exploded bill
 * of 10,000 lines is one document of some 200,000 elements, which a request never is.
 */
export const RESPONSE_LIMITS: Required<ParseLimits> = Object.freeze({
  maxDepth: DEFAULT_LIMITS.maxDepth,
  maxElements: 500_000,
  maxBytes: 32 * 1024 * 1024,
});
