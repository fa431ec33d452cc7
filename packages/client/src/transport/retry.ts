import type { RetryOptions } from '../call-options';
import { PipsApiError } from '../errors/api-error';

/** Retries as resolved for one call; `attempts` 1 is none. */
export interface RetryPolicy {
  readonly attempts: number;
  readonly maxDelayMs: number;
}

export const NO_RETRY: RetryPolicy = Object.freeze({ attempts: 1, maxDelayMs: 0 });
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_MAX_DELAY_MS = 10_000;
const MAX_ATTEMPTS = 10;
/** The first wait when the answer names none (a proxy's 503), doubled each retry up to `maxDelayMs`. */
const FIRST_BACKOFF_MS = 1_000;

/** `retry` checked and with its defaults; false or absent is no retry. A bad value is a programming error. */
export function retryPolicy(retry: RetryOptions | false | undefined): RetryPolicy {
  if (retry === undefined || retry === false) return NO_RETRY;
  const attempts = retry.attempts ?? DEFAULT_ATTEMPTS;
  const maxDelayMs = retry.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > MAX_ATTEMPTS) {
    throw new TypeError(`retry.attempts must be a whole number from 1 to ${MAX_ATTEMPTS}, not ${attempts}`);
  }
  if (!Number.isFinite(maxDelayMs) || maxDelayMs < 0) throw new TypeError(`retry.maxDelayMs must be a number of ms, not ${maxDelayMs}`);
  return { attempts, maxDelayMs };
}

const RETRIED_STATUSES = new Set([429, 503]);
/** A keyed write's 409: the first request with its key is still being answered; the next attempt is given its answer. */
const KEYED_RETRIED_STATUSES = new Set([409, 429, 503]);

/**
 * How long to wait before trying `method` again after `error` ended attempt `attempt`, or null to
 * give up: only a 429 or 503; a write only when PIPS itself wrote the refusal (its error document,
 * whose messages the error carries), since a proxy's 503 may come after the request reached PIPS,
 * and named a `Retry-After` (its 503 without one says a change may have been made);
 * never past the attempts, nor longer than `maxDelayMs`. A write sent with an `Idempotency-Key`
 * (`keyed`) is retried as a read is, and after a 409 too (its first request still being answered).
 */
export function retryDelay(error: unknown, method: string, attempt: number, policy: RetryPolicy, keyed = false): number | null {
  const statuses = keyed ? KEYED_RETRIED_STATUSES : RETRIED_STATUSES;
  if (attempt >= policy.attempts || !(error instanceof PipsApiError) || !statuses.has(error.status)) return null;
  // A write: PIPS's own refusal (its messages), naming a wait; without one (a change that may have
  // been made) it is not sent again, unless it carries an Idempotency-Key, which makes it run once.
  if (method !== 'GET' && !keyed && (error.messages.length === 0 || error.retryAfter === null)) return null;
  const wait = error.retryAfter === null ? FIRST_BACKOFF_MS * 2 ** (attempt - 1) : error.retryAfter * 1000;
  if (error.retryAfter !== null && wait > policy.maxDelayMs) return null;
  return Math.min(wait, policy.maxDelayMs);
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
