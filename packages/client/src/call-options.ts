/**
 * Retries of a call the server refused for now: 429 (rate limited) and 503 (busy), after the wait
 * its `Retry-After` names. A request that writes is retried only on a 429 or 503 whose body is
 * PIPS's own error document: PIPS answers those before anything changes (docs/decisions.md).
 */
export interface RetryOptions {
  /** Requests in all, the first included: a whole number from 1 to 10. Default 3. */
  readonly attempts?: number;
  /**
   * The longest wait before a retry, in ms. A `Retry-After` asking for longer ends the call with
   * its error (whose `retryAfter` says how long) rather than wait. Default 10,000.
   */
  readonly maxDelayMs?: number;
}

/** What every client function takes as its last argument, beside any options of its own. */
export interface CallOptions {
  /** Stops the call: it rejects with a PipsApiError `aborted` (status 0), the signal's reason as its `cause`. */
  readonly signal?: AbortSignal;
  /** This call's request timeout in ms, instead of the client's `timeoutMs`; null for none. */
  readonly timeoutMs?: number | null;
  /** This call's retries, instead of the client's `retry`; false for none. */
  readonly retry?: RetryOptions | false;
  /**
   * This write's `Idempotency-Key`, instead of the client's `idempotencyKeys`: a key of your own
   * (1 to 255 visible ASCII characters, kept to send the write again later), `'auto'` for a random
   * UUID, or false for none. Reads send none.
   */
  readonly idempotencyKey?: IdempotencyKeyOption;
}

/**
 * An `Idempotency-Key` for a write (docs/decisions.md, "Idempotency keys"): the server runs it once
 * and gives a retry the first answer. `'auto'` draws a random UUID for each call, sent again with
 * each of the call's own retries.
 */
export type IdempotencyKeyOption = string | 'auto' | false;

/** The call options out of an options object that also holds a function's own (query, filter, paging). */
export function splitCallOptions<T extends object>(options: (T & CallOptions) | undefined): { call: CallOptions; rest: T } {
  const { signal, timeoutMs, retry, idempotencyKey, ...rest } = options ?? ({} as T & CallOptions);
  return { call: { signal, timeoutMs, retry, idempotencyKey }, rest: rest as T };
}
