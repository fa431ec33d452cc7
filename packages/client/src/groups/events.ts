import type { CallOptions } from '../call-options';
import { operations } from '../operations';
import { feedEvent } from '../shapes/events';
import { collect, type Transport } from '../transport/transport';
import type { EventQuery, FeedEvent, FollowQuery } from '../types/events';
import { followEvents } from './follow-events';

/** The event feed (an extension): every committed change in order; resume with `after` set to the last `sequence` read. */
export interface EventsGroup {
  list(query?: EventQuery, options?: CallOptions): Promise<FeedEvent[]>;
  /**
   * Every event after `query.after`, in order, as they are committed, for as long as the caller
   * reads (`for await … of`): long polls, each resuming after the last event read. Ends when the
   * caller breaks out, or with the `aborted` error once `options.signal` fires (a request then
   * pending is aborted at once).
   */
  follow(query: FollowQuery, options?: CallOptions): AsyncGenerator<FeedEvent, void, undefined>;
}

export function eventsGroup(transport: Transport): EventsGroup {
  const routes = operations.events;
  const list = async (query?: EventQuery, options?: CallOptions) =>
    collect((await transport.list(routes.list, { query: { ...query }, options }, 'events', 'event', feedEvent)).items);
  return {
    list,
    follow: (query, options) => followEvents(list, query, options),
  };
}
