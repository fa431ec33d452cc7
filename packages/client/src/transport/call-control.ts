/** Why a request stopped before its answer was read. */
export type Stopped = 'aborted' | 'timeout';

/** One request's signal: the caller's, and the request's own timeout. */
export interface CallControl {
  /** What fetch is given: aborted by the caller's signal or by the timeout, whichever comes first. */
  readonly signal: AbortSignal;
  /** Why the signal fired, once it has: the caller's signal wins over a timeout that came after it. */
  stopped(): Stopped | null;
  /** The caller's reason, or the timeout's. */
  reason(): unknown;
  /** The request is done (or its body is the caller's to read): the timeout no longer runs. */
  end(): void;
}

/**
 * The signal of one request. The timer is our own, cleared when the request is done, rather than
 * `AbortSignal.timeout()`: that one cannot be cleared (it would cut a download the caller is still
 * reading) and runs outside the timers a test can fake.
 */
export function callControl(caller: AbortSignal | undefined, timeoutMs: number | null): CallControl {
  const timeout = new AbortController();
  let timedOut = false;
  const timer =
    timeoutMs === null
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          timeout.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError'));
        }, timeoutMs);
  const signal = caller ? AbortSignal.any([caller, timeout.signal]) : timeout.signal;
  return {
    signal,
    stopped: () => (caller?.aborted ? 'aborted' : timedOut ? 'timeout' : null),
    reason: () => (caller?.aborted ? caller.reason : timeout.signal.reason),
    end: () => clearTimeout(timer),
  };
}
