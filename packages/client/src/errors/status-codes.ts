/**
 * What went wrong, as a stable code. Most follow from the HTTP status; `bad_response` is an answer
 * the client cannot read as the operation promises, `network_error` a request that got no answer,
 * `aborted` a call the caller's signal stopped and `timeout` a request that ran past its timeout.
 */
export type ApiErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'range_not_satisfiable'
  | 'unprocessable'
  | 'rate_limited'
  | 'client_error'
  | 'server_error'
  | 'unavailable'
  | 'unexpected_status'
  | 'bad_response'
  | 'network_error'
  | 'aborted'
  | 'timeout';

const byStatus: Readonly<Record<number, ApiErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'server_error',
  503: 'unavailable',
};

/** The code of an error status; another 4xx is `client_error`, another 5xx `server_error`. */
export function codeForStatus(status: number): ApiErrorCode {
  const known = byStatus[status];
  if (known) return known;
  if (status >= 400 && status < 500) return 'client_error';
  if (status >= 500 && status < 600) return 'server_error';
  return 'unexpected_status';
}
