import type { CallOptions } from '../call-options';
import { operations } from '../operations';
import { feedEvent } from '../shapes/events';
import { collect, type Transport } from '../transport/transport';
import type { EventQuery, FeedEvent } from '../types/events';

/** The event feed (an extension): every committed change in order; resume with `after` set to the last `sequence` read. */
export interface EventsGroup {
  list(query?: EventQuery, options?: CallOptions): Promise<FeedEvent[]>;
}

export function eventsGroup(transport: Transport): EventsGroup {
  const routes = operations.events;
  return {
    list: async (query, options) => collect((await transport.list(routes.list, { query: { ...query }, options }, 'events', 'event', feedEvent)).items),
  };
}
