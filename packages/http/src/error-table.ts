import { isPipsError, type ErrorCode, type ErrorDetails } from '@pips/domain';
import { CodecError, fields, list, type CodecErrorCode, type XmlNode } from '@pips/xml';
import { httpMessages } from './http-messages';

interface Outcome {
  status: number;
  /** `errors`: `<errors type="array"><error>…` (field and state errors); `message`: `<error><message>…`. */
  body: 'errors' | 'message';
  /** Put before a codec message, which names the problem but not what was being read. */
  prefix?: string;
  headers?: Readonly<Record<string, string>>;
  /** Logged as one line (the code and message, no stack) at this level: the operator has something to see to. */
  log?: 'warn' | 'error';
}

/** The one table from error codes (domain and codec) to status and body shape. */
export const errorTable: Readonly<Record<ErrorCode | CodecErrorCode, Outcome>> = {
  invalid: { status: 400, body: 'errors' },
  bad_request: { status: 400, body: 'message' },
  unauthorized: { status: 401, body: 'message' },
  forbidden: { status: 403, body: 'message' },
  not_found: { status: 404, body: 'message' },
  unprocessable: { status: 422, body: 'errors' },
  // The rest of an oversized body is never read, so the connection cannot be reused.
  too_large: { status: 413, body: 'message', headers: { Connection: 'close' } },
  unsupported_media_type: { status: 415, body: 'message' },
  busy: { status: 503, body: 'message', headers: { 'Retry-After': '1' } },
  // Nothing was written, so the request may be sent again as it is.
  unavailable: { status: 503, body: 'message', headers: { 'Retry-After': '1' }, log: 'warn' },
  // No Retry-After: a write may have been made, and sending it again could make it twice.
  outcome_unknown: { status: 503, body: 'message', log: 'warn' },
  // RFC 4918's Insufficient Storage; it lasts until someone frees space, so no Retry-After.
  storage_full: { status: 507, body: 'message', log: 'error' },
  // Retry-After comes with the error: how long until the caller's budget has room again.
  rate_limited: { status: 429, body: 'message' },
  // Idempotency keys (docs/decisions.md, "Idempotency keys"): the first request is still being
  // answered, so a retry a moment later gets its answer.
  idempotency_key_in_use: { status: 409, body: 'message', headers: { 'Retry-After': '1' } },
  idempotency_key_reused: { status: 422, body: 'errors' },
  idempotency_answer_lost: { status: 422, body: 'errors' },
  malformed: { status: 400, body: 'message', prefix: 'Malformed XML: ' },
  doctype: { status: 400, body: 'message', prefix: 'Malformed XML: ' },
  too_deep: { status: 400, body: 'message', prefix: 'Invalid parameters: ' },
  too_many_elements: { status: 400, body: 'message', prefix: 'Invalid parameters: ' },
  bad_params: { status: 400, body: 'message', prefix: 'Invalid parameters: ' },
};

export interface ErrorResponse {
  /** The error's stable code (`not_found`, `malformed`), `internal` for an unexpected one: what metrics count. */
  code: ErrorCode | CodecErrorCode | 'internal';
  status: number;
  root: string;
  node: XmlNode;
  headers: Readonly<Record<string, string>>;
  /** True when the error was not expected: it is logged, and its details never reach the client. */
  unexpected: boolean;
  /** An expected error the operator should see: logged at this level, one line. */
  log?: 'warn' | 'error';
}

/** What an error text is shown as: the error mapper masks tokens in it (`redaction/`). */
export type ShownText = (text: string) => string;

function known(code: ErrorCode | CodecErrorCode, messages: readonly string[], shown: ShownText): ErrorResponse {
  const outcome = errorTable[code];
  const texts = messages.map((m) => shown((outcome.prefix ?? '') + m));
  const headers = outcome.headers ?? {};
  const log = outcome.log === undefined ? {} : { log: outcome.log };
  return outcome.body === 'errors'
    ? { code, status: outcome.status, root: 'errors', node: list('error', texts), headers, unexpected: false, ...log }
    : { code, status: outcome.status, root: 'error', node: fields([['message', texts[0] ?? '']]), headers, unexpected: false, ...log };
}

/**
 * Per-item errors (SPEC 7): `<subparts type="array"><subpart><number>1</number><errors
 * type="array"><error>…`, one element per failing item, with the status of the error's code.
 */
function itemized(code: ErrorCode, items: NonNullable<ErrorDetails['items']>, shown: ShownText): ErrorResponse {
  const node = list(
    items.item,
    items.errors.map((failed) =>
      fields([
        ['number', String(failed.number)],
        ['errors', list('error', failed.messages.map(shown))],
      ]),
    ),
  );
  return { code, status: errorTable[code].status, root: items.root, node, headers: errorTable[code].headers ?? {}, unexpected: false };
}

/** Maps anything thrown by a request to the response the client gets, each text as `shown` makes it. */
export function errorResponse(error: unknown, requestId: string, shown: ShownText): ErrorResponse {
  if (isPipsError(error)) {
    const response = error.details.items ? itemized(error.code, error.details.items, shown) : known(error.code, error.messages, shown);
    const wait = error.details.retryAfterSeconds;
    return wait === undefined ? response : { ...response, headers: { ...response.headers, 'Retry-After': String(wait) } };
  }
  if (error instanceof CodecError) return known(error.code, [error.message], shown);
  return {
    code: 'internal',
    status: 500,
    root: 'error',
    node: fields([
      ['message', httpMessages.internal()],
      ['request_id', requestId],
    ]),
    headers: {},
    unexpected: true,
  };
}
