/**
 * Errors are values with a stable code; transports map codes to status and body in one table.
 * Every message the service sends is worded in `error-messages.ts`, never at a throw site.
 */
import { messages, recordsLabel } from './error-messages';
import type { TableName } from './records';

export { humanize, messages, recordsLabel } from './error-messages';

export type ErrorCode =
  | 'invalid' // 400: field errors, listed
  | 'bad_request' // 400: malformed input as a whole
  | 'unauthorized' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'unprocessable' // 422: the current state forbids the action
  | 'too_large' // 413
  | 'unsupported_media_type' // 415: a body of a type the service does not read
  | 'rate_limited' // 429: the caller's budget of requests is spent for now
  | 'busy' // 503: the store could not serialise the work; retry
  | 'unavailable' // 503: the database cannot be reached; nothing was written; retry
  | 'outcome_unknown' // 503: the connection was lost as a change was committed; it may have been made
  | 'storage_full' // 507: the database's disk is full; nothing was written
  | 'idempotency_key_in_use' // 409: a request with this Idempotency-Key is still being answered
  | 'idempotency_key_reused' // 422: this Idempotency-Key was sent with another request
  | 'idempotency_answer_lost'; // 422: the request with this Idempotency-Key was made, its answer not kept

/**
 * One thing wrong with a request: its message, and the key of the field it is about where the
 * domain knows it: `name`; `revision.revision_name` in a nested hash; `alternate_parts[0].part_id`
 * in an item of a list (counted from 0); the list's own key for the list as a whole. Transports
 * write the messages alone, as the wire always had them.
 */
export interface Problem {
  readonly field?: string;
  readonly message: string;
}

/** A problem with the field `field`. */
export function fieldProblem(field: string, message: string): Problem {
  return { field, message };
}

/** `problem`, found inside the nested hash or list item `key`, with its field named under that key. */
export function under(key: string, problem: Problem): Problem {
  const inner = problem.field;
  return { field: inner === undefined ? key : `${key}${inner.startsWith('[') ? '' : '.'}${inner}`, message: problem.message };
}

/** A message alone is a problem whose field the domain does not name. */
function asProblem(found: string | Problem): Problem {
  return typeof found === 'string' ? { message: found } : found;
}

/** One failing item of a request that sends a list (`number` counts from 1, in request order). */
export interface ItemError {
  readonly number: number;
  readonly messages: readonly string[];
}

/**
 * What an error says beyond its messages, for callers and transports to act on without reading
 * message text: the unique key a write broke, or which items of a list failed and why.
 */
export interface ErrorDetails {
  /** The unique key (its stable constraint name) a write would have broken. */
  readonly constraint?: string;
  /** Per-item errors, rendered as `<root type="array"><item><number>…<errors>…` (SPEC 7). */
  readonly items?: { readonly root: string; readonly item: string; readonly errors: readonly ItemError[] };
  /** Whole seconds until the caller may try again (a rate limit's `Retry-After`). */
  readonly retryAfterSeconds?: number;
  /** The row a write plan expected unchanged (`UpdateStep.expected`) that was not. */
  readonly stale?: { readonly table: TableName; readonly id: number };
}

/**
 * Marks a PipsError by a registered symbol rather than its class, so one made by another copy of
 * this package (a service that bundles its own, two versions side by side) is still recognised.
 */
const PIPS_ERROR = Symbol.for('@pips/domain/PipsError');

export class PipsError extends Error {
  readonly [PIPS_ERROR] = true;
  readonly code: ErrorCode;
  /** Every message, in order; `message` is the first. */
  readonly messages: readonly string[];
  /** The same, each with the key of the field it is about where the domain knows it. */
  readonly problems: readonly Problem[];
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, found: ReadonlyArray<string | Problem>, details: ErrorDetails = {}) {
    const problems = found.map(asProblem);
    super(problems[0]?.message ?? code);
    this.name = 'PipsError';
    this.code = code;
    this.problems = problems;
    this.messages = problems.map((problem) => problem.message);
    this.details = details;
  }
}

export function isPipsError(value: unknown): value is PipsError {
  return value instanceof Error && (value as Partial<Record<typeof PIPS_ERROR, unknown>>)[PIPS_ERROR] === true;
}

/** True when `error` is a write refused by the unique key named `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return isPipsError(error) && error.details.constraint === constraint;
}

export const errors = {
  invalid: (list: ReadonlyArray<string | Problem>) => new PipsError('invalid', list),
  badRequest: (message: string) => new PipsError('bad_request', [message]),
  unauthorized: () => new PipsError('unauthorized', [messages.invalidToken()]),
  forbidden: (permissionLabel: string, permission: string) => new PipsError('forbidden', [messages.missingPermission(permissionLabel, permission)]),
  /** A read-only token asked for a change. */
  readOnly: () => new PipsError('forbidden', [messages.readOnlyToken()]),
  notFound: (model: string, id: number | string) => new PipsError('not_found', [messages.notFound(model, id)]),
  /** The record the path names by another field (`find_by=partnumber`) does not exist. */
  notFoundBy: (model: string, field: string, value: string) =>
    new PipsError('not_found', [messages.notFoundBy(model, field, value)]),
  unprocessable: (list: ReadonlyArray<string | Problem>, details?: ErrorDetails) => new PipsError('unprocessable', list, details),
  /** No live token has this name or id. */
  noLiveToken: (nameOrId: string) => new PipsError('not_found', [messages.noLiveToken(nameOrId)]),
  /** A write that would break the unique key `key` (reported on its field). */
  taken: (key: { readonly name: string; readonly field: string }) =>
    new PipsError('invalid', [fieldProblem(key.field, messages.taken(key.field))], { constraint: key.name }),
  /**
   * Items of a list that failed (`root`/`item` name the wire elements). The messages are the
   * items' own, flattened, for callers that only read messages.
   */
  itemErrors: (code: 'invalid' | 'unprocessable', root: string, item: string, failed: readonly ItemError[]) =>
    new PipsError(code, failed.flatMap((f) => f.messages), { items: { root, item, errors: failed } }),
  /** A delete refused because rows of `dependentTable` still point at the record. */
  inUseByTable: (dependentTable: TableName) =>
    new PipsError('unprocessable', [messages.dependentExist(recordsLabel[dependentTable])]),
  busy: () => new PipsError('busy', [messages.busy()]),
  /** The database did not answer: refused, dropped or lost before anything was committed. */
  unavailable: () => new PipsError('unavailable', [messages.unavailable()]),
  /** The connection went after COMMIT was sent and before its answer came: only the database knows. */
  outcomeUnknown: () => new PipsError('outcome_unknown', [messages.outcomeUnknown()]),
  /** SQLSTATE 53100 (disk_full): the write failed and was rolled back. */
  storageFull: () => new PipsError('storage_full', [messages.storageFull()]),
  /** A write plan's update found its row changed or gone (503: retrying reads it afresh). */
  stale: (table: TableName, id: number) => new PipsError('busy', [messages.staleRow(recordsLabel[table], id)], { stale: { table, id } }),
  /** The caller spent its `perMinute` requests; it may try again in `retryAfterSeconds`. */
  rateLimited: (perMinute: number, retryAfterSeconds: number) =>
    new PipsError('rate_limited', [messages.rateLimited(perMinute, retryAfterSeconds)], { retryAfterSeconds }),
  /** An `Idempotency-Key` header that is empty, too long or holds characters a key may not. */
  badIdempotencyKey: (max: number) => new PipsError('bad_request', [messages.badIdempotencyKey(max)]),
  idempotencyKeyInUse: () => new PipsError('idempotency_key_in_use', [messages.idempotencyKeyInUse()]),
  idempotencyKeyReused: () => new PipsError('idempotency_key_reused', [messages.idempotencyKeyReused()]),
  idempotencyAnswerLost: () => new PipsError('idempotency_answer_lost', [messages.idempotencyAnswerLost()]),
  /** A signed download link that does not hold (SPEC 8): refused without saying why. */
  badDownloadLink: () => new PipsError('forbidden', [messages.badDownloadLink()]),
} as const;
