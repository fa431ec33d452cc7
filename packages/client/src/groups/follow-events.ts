import type { CallOptions } from '../call-options';
import type { EventQuery, FeedEvent, FollowQuery } from '../types/events';

/** How long each request of a follow waits for an event unless told, in seconds: the most the server allows. */
export const FOLLOW_WAIT_SECONDS = 30;

/**
 * What a follow's request may take past its wait before its timeout cuts it: the server answers
 * once `wait` seconds pass, so the rest is the network's and the server's own work.
 */
const FOLLOW_MARGIN_MS = 10_000;

/**
 * Every event after `query.after`, in order, for as long as the caller reads: each request a long
 * poll (`wait`), the next one resuming after the last sequence read. Ends when the caller stops
 * reading (`break`: no request is pending between events), or when `options.signal` fires: a
 * request then pending is aborted, and the iteration ends with the `aborted` error, as every
 * call the signal stops does; any other failure ends it with its error. Each request's timeout is
 * the call's own when given, else its wait and a margin (a client's usual timeout may be no
 * longer than the wait).
 */
export async function* followEvents(
  list: (query: EventQuery, options: CallOptions) => Promise<FeedEvent[]>,
  query: FollowQuery,
  options: CallOptions = {},
): AsyncGenerator<FeedEvent, void, undefined> {
  const wait = query.wait ?? FOLLOW_WAIT_SECONDS;
  const call: CallOptions = { ...options, timeoutMs: options.timeoutMs !== undefined ? options.timeoutMs : wait * 1000 + FOLLOW_MARGIN_MS };
  let after = query.after;
  for (;;) {
    // A signal fired already makes this request fail at once, with `aborted`.
    const page = await list({ after, type: query.type, limit: query.limit, wait }, call);
    for (const event of page) {
      if (options.signal?.aborted) break;
      after = event.sequence;
      yield event;
    }
  }
}
