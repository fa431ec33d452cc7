import { parseXml, type ParseLimits } from '@pips/xml';
import type { CallOptions, IdempotencyKeyOption } from '../call-options';
import { DEFAULT_TIMEOUT_MS, RESPONSE_LIMITS, type ClientOptions } from '../client-options';
import { DecodeError, type Decoder } from '../codec/decoders';
import { encodeBody } from '../codec/encode-body';
import { listScanner } from '../codec/list-scanner';
import type { Route } from '../operations';
import { parsePagination, type Page } from '../pagination';
import { callControl } from './call-control';
import { exchange, readingError, stoppedError, type Answer, type Target } from './exchange';
import { pause, retryDelay, retryPolicy } from './retry';
import { API_PREFIX, fillPath, maskedApiPath, queryString, type PathParams, type Query } from './url';

/** One call of a route: its path parameters, query and XML body (its root element and fields), and the caller's call options. */
export interface Call {
  readonly params?: PathParams;
  readonly query?: Query;
  readonly body?: { readonly root: string; readonly fields: object };
  readonly options?: CallOptions;
}

/** A list answer: its headers (`X-Pagination`) and its items, decoded one by one as they arrive. */
export interface ListAnswer<T> {
  readonly headers: Headers;
  readonly items: AsyncGenerator<T, void, undefined>;
  /** Drops the items unread, freeing the connection. */
  discard(): Promise<void>;
  /** The error to throw for an answer that does not read as promised. */
  failure(error: unknown): Error;
}

/** Every item of a list, in order. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** How the groups call the server; every failure is thrown as a PipsApiError. */
export interface Transport {
  /** A call answering one document whose root is `root`. */
  document<T>(route: Route, call: Call, root: string, decode: Decoder<T>): Promise<T>;
  /** A call answering a list `<root type="array">` of `item` elements. */
  list<T>(route: Route, call: Call, root: string, item: string, decode: Decoder<T>): Promise<ListAnswer<T>>;
  /** A page of such a list, with its `X-Pagination`. */
  page<T>(route: Route, call: Call, root: string, item: string, decode: Decoder<T>): Promise<Page<T>>;
  /** A call answering an empty body. */
  empty(route: Route, call: Call): Promise<void>;
  /** An absolute URL the server handed out (a signed download link): the answer, its body unread (the timeout ends with the headers). */
  fetchLink(route: Route, url: string, headers: Readonly<Record<string, string>>, options?: CallOptions): Promise<Response>;
}

const XML = 'application/xml';
const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** The key a write is sent with: its own, a random UUID for `'auto'`, none for false or absent. */
function idempotencyKeyOf(option: IdempotencyKeyOption | undefined): string | undefined {
  if (option === undefined || option === false) return undefined;
  return option === 'auto' ? globalThis.crypto.randomUUID() : option;
}

/** The one attribute PIPS writes besides `type` and `nil` (`<x_mass value_text="10 g">`), kept as it is read. */
const READ_OPTIONS = { attributes: ['value_text'] };

/** A timeout as given: a positive number of ms, or null for none. */
function checkedTimeout(timeoutMs: number | null): number | null {
  if (timeoutMs !== null && !(Number.isFinite(timeoutMs) && timeoutMs > 0)) throw new TypeError(`timeoutMs must be a positive number of ms or null, not ${timeoutMs}`);
  return timeoutMs;
}

/** Builds the transport every group calls through: URLs, headers, fetch, status and body checks, timeouts and retries. */
export function createTransport(options: ClientOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetcher = options.fetch ?? globalThis.fetch;
  const limits: ParseLimits = options.limits ?? RESPONSE_LIMITS;
  const apiBase = `${baseUrl}${API_PREFIX}${encodeURIComponent(options.token)}`;
  // Checked once here, so a bad setting fails when the client is made rather than at its first call.
  const timeoutMs = checkedTimeout(options.timeoutMs === undefined ? DEFAULT_TIMEOUT_MS : options.timeoutMs);
  const retry = retryPolicy(options.retry);

  const targetOf = (route: Route, call: Call): Target => {
    const path = fillPath(route.path, call.params) + queryString(call.query);
    return { url: `${apiBase}${path}`, shown: maskedApiPath(path) };
  };

  /**
   * The request, tried again after a 429 or 503 as the retry policy allows, each attempt under its
   * own timeout and the caller's signal, which also cuts a wait short. The answer's control is
   * ended by whoever reads its body.
   */
  const attempt = async (route: Route, target: Target, init: { body?: string; headers: Readonly<Record<string, string>> }, call: CallOptions = {}): Promise<Answer> => {
    const policy = call.retry === undefined ? retry : retryPolicy(call.retry);
    const timeout = call.timeoutMs === undefined ? timeoutMs : checkedTimeout(call.timeoutMs);
    for (let attemptNo = 1; ; attemptNo++) {
      const control = callControl(call.signal, timeout);
      try {
        return await exchange(fetcher, route, target, init, limits, control);
      } catch (error) {
        control.end();
        const wait = retryDelay(error, route.method, attemptNo, policy, init.headers[IDEMPOTENCY_KEY] !== undefined);
        if (wait === null) throw error;
        await pause(wait, call.signal).catch(() => {
          throw stoppedError(control, route.method, target.shown) ?? error;
        });
      }
    }
  };

  const send = async (route: Route, call: Call): Promise<Answer> => {
    // Built here, in the promise: a bad input (a decimal given as a number) rejects like any failure.
    const body = call.body && encodeBody(call.body.root, call.body.fields);
    // Drawn once a call: each retry of the call sends the same key, so the server runs it once.
    const key = route.method === 'GET' ? undefined : idempotencyKeyOf(call.options?.idempotencyKey ?? options.idempotencyKeys);
    const headers = {
      Accept: XML,
      ...options.headers,
      ...(body !== undefined && { 'Content-Type': XML }),
      ...(key !== undefined && { [IDEMPOTENCY_KEY]: key }),
    };
    return attempt(route, targetOf(route, call), { headers, ...(body !== undefined && { body }) }, call.options);
  };

  /** `{ root: value }` from `parseXml`, checked for its root. */
  const rooted = (parsed: Record<string, unknown>, root: string, at: string) => {
    if (!Object.hasOwn(parsed, root)) throw new DecodeError(at, `<${root}>`, Object.keys(parsed)[0]);
    return parsed[root];
  };

  async function document<T>(route: Route, call: Call, root: string, decode: Decoder<T>): Promise<T> {
    const answer = await send(route, call);
    try {
      return decode(rooted(parseXml(await answer.response.text(), limits, READ_OPTIONS), root, 'document'), root);
    } catch (error) {
      throw readingError(answer, error);
    } finally {
      answer.control.end();
    }
  }

  async function list<T>(route: Route, call: Call, root: string, item: string, decode: Decoder<T>): Promise<ListAnswer<T>> {
    const answer = await send(route, call);
    const { body } = answer.response;
    async function* items(): AsyncGenerator<T, void, undefined> {
      const scanner = listScanner(root, limits.maxBytes ?? RESPONSE_LIMITS.maxBytes);
      let index = 0;
      function* decodeEach(texts: string[]): Generator<T> {
        for (const text of texts) {
          const at = `${root}[${index++}]`;
          yield decode(rooted(parseXml(text, limits, READ_OPTIONS), item, at), at);
        }
      }
      try {
        // A caller that stops early ends this loop, which cancels the body and frees the connection.
        if (body) for await (const text of body.pipeThrough(new TextDecoderStream())) yield* decodeEach(scanner.feed(text));
        scanner.end();
      } catch (error) {
        throw readingError(answer, error);
      } finally {
        answer.control.end();
      }
    }
    const discard = async () => {
      answer.control.end();
      await body?.cancel().catch(() => undefined);
    };
    return { headers: answer.response.headers, items: items(), discard, failure: (error) => readingError(answer, error) };
  }

  async function page<T>(route: Route, call: Call, root: string, item: string, decode: Decoder<T>): Promise<Page<T>> {
    const answer = await list(route, call, root, item, decode);
    let pagination;
    try {
      pagination = parsePagination(answer.headers.get('x-pagination'));
    } catch (error) {
      await answer.discard();
      throw answer.failure(error);
    }
    return { items: await collect(answer.items), pagination };
  }

  async function empty(route: Route, call: Call): Promise<void> {
    const answer = await send(route, call);
    try {
      // Read to the end, so the connection can serve the next request.
      await answer.response.arrayBuffer();
    } catch (error) {
      throw readingError(answer, error);
    } finally {
      answer.control.end();
    }
  }

  async function fetchLink(route: Route, url: string, headers: Readonly<Record<string, string>>, call?: CallOptions): Promise<Response> {
    // The query is the link's credential: errors name the path alone.
    const shown = new URL(url, `${baseUrl}/`).pathname;
    const answer = await attempt(route, { url, shown }, { headers: { ...options.headers, ...headers } }, call);
    // The body is the caller's to read, under their own signal alone.
    answer.control.end();
    return answer.response;
  }

  return { document, list, page, empty, fetchLink };
}
