import { CodecError, type ParseLimits } from '@pips/xml';
import { DecodeError } from '../codec/decoders';
import { ListFormatError } from '../codec/list-scanner';
import { PipsApiError } from '../errors/api-error';
import { readErrorBody, readRetryAfter } from '../errors/error-body';
import { codeForStatus } from '../errors/status-codes';
import type { Route } from '../operations';
import type { CallControl } from './call-control';

/** Where a request goes, and how errors name it (the token masked, a link's signature left out). */
export interface Target {
  readonly url: string;
  readonly shown: string;
}

export interface ExchangeInit {
  readonly body?: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** An answer that succeeded (2xx), with what errors reading its body call it, and its request's signal. */
export interface Answer {
  readonly response: Response;
  readonly route: Route;
  readonly shown: string;
  readonly control: CallControl;
}

/** The error of a request the caller's signal (`aborted`) or its timeout (`timeout`) stopped; null when neither did. */
export function stoppedError(control: CallControl, method: string, path: string): PipsApiError | null {
  const stopped = control.stopped();
  if (stopped === null) return null;
  const reason = control.reason();
  const said = stopped === 'aborted' ? 'the call was aborted' : reason instanceof Error ? reason.message : 'the call timed out';
  return new PipsApiError({ status: 0, code: stopped, messages: [said], method, path, cause: reason });
}

/**
 * A body that does not read as promised is `bad_response`; a connection lost while reading it is
 * `network_error`, unless the caller's signal or the timeout cut it (`aborted`, `timeout`).
 */
export function readingError(answer: Answer, error: unknown): PipsApiError {
  if (error instanceof PipsApiError) return error;
  const stopped = stoppedError(answer.control, answer.route.method, answer.shown);
  if (stopped) return stopped;
  const malformed = error instanceof DecodeError || error instanceof ListFormatError || error instanceof CodecError;
  return new PipsApiError({
    status: malformed ? answer.response.status : 0,
    code: malformed ? 'bad_response' : 'network_error',
    messages: [error instanceof Error ? error.message : String(error)],
    method: answer.route.method,
    path: answer.shown,
    cause: error,
  });
}

/**
 * One request through `fetch`, under `control`'s signal: the answer when it succeeded; otherwise a
 * PipsApiError with the status, its code, the error body's messages and items, and `Retry-After`.
 * A request that gets no answer is `network_error` with status 0, or `aborted` or `timeout` when
 * the signal stopped it.
 */
export async function exchange(fetcher: typeof fetch, route: Route, target: Target, init: ExchangeInit, limits: ParseLimits, control: CallControl): Promise<Answer> {
  let response: Response;
  try {
    response = await fetcher(target.url, {
      method: route.method,
      headers: init.headers,
      signal: control.signal,
      ...(init.body !== undefined && { body: init.body }),
    });
  } catch (error) {
    throw stoppedError(control, route.method, target.shown) ?? new PipsApiError({
      status: 0,
      code: 'network_error',
      messages: [error instanceof Error ? error.message : String(error)],
      method: route.method,
      path: target.shown,
      cause: error,
    });
  }
  if (response.ok) return { response, route, shown: target.shown, control };
  const text = await response.text().catch(() => '');
  const stopped = stoppedError(control, route.method, target.shown);
  if (stopped) throw stopped;
  const body = readErrorBody(text, limits);
  throw new PipsApiError({
    status: response.status,
    code: codeForStatus(response.status),
    messages: body.messages,
    items: body.items,
    retryAfter: readRetryAfter(response.headers.get('retry-after')),
    requestId: body.requestId,
    method: route.method,
    path: target.shown,
  });
}
