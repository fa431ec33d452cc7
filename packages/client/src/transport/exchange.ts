import { CodecError, type ParseLimits } from '@pips/xml';
import { DecodeError } from '../codec/decoders';
import { ListFormatError } from '../codec/list-scanner';
import { PipsApiError } from '../errors/api-error';
import { readErrorBody, readRetryAfter } from '../errors/error-body';
import { codeForStatus } from '../errors/status-codes';
import type { Route } from '../operations';

/** Where a request goes, and how errors name it (the token masked, a link's signature left out). */
export interface Target {
  readonly url: string;
  readonly shown: string;
}

export interface ExchangeInit {
  readonly body?: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** An answer that succeeded (2xx), with what errors reading its body call it. */
export interface Answer {
  readonly response: Response;
  readonly route: Route;
  readonly shown: string;
}

/** A body that does not read as promised is `bad_response`; a connection lost while reading it is `network_error`. */
export function readingError(answer: Answer, error: unknown): PipsApiError {
  if (error instanceof PipsApiError) return error;
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
 * One request through `fetch`: the answer when it succeeded; otherwise a PipsApiError with the
 * status, its code, the error body's messages and items, and `Retry-After`. A request that gets
 * no answer is `network_error` with status 0.
 */
export async function exchange(fetcher: typeof fetch, route: Route, target: Target, init: ExchangeInit, limits: ParseLimits): Promise<Answer> {
  let response: Response;
  try {
    response = await fetcher(target.url, { method: route.method, headers: init.headers, ...(init.body !== undefined && { body: init.body }) });
  } catch (error) {
    throw new PipsApiError({
      status: 0,
      code: 'network_error',
      messages: [error instanceof Error ? error.message : String(error)],
      method: route.method,
      path: target.shown,
      cause: error,
    });
  }
  if (response.ok) return { response, route, shown: target.shown };
  const body = readErrorBody(await response.text().catch(() => ''), limits);
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
