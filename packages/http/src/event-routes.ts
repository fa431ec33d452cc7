import { listEvents, parseEventQuery, type EventView } from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext, type AppContext } from './app-state';
import type { CommitSignal } from './commit-signal';
import { eventOperations } from './openapi/operations/events';
import { eventForm } from './representations/event';
import type { RouteTable } from './route-table';
import { oneBatch, sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';

const eventElement = compileElement('event', eventForm);
const described = eventOperations(eventElement);

/** What the feed needs beyond the caller's context: the commit signal, and the numbering pass (`numberEvents`). */
export interface EventFeed {
  readonly signal: CommitSignal;
  number(): Promise<unknown>;
}

/** How often a long poll reads again when no commit of this process wakes it (another process's commits). */
export const POLL_MS = 1000;

/** The next page of events; with `wait`, read again at each commit until one is there or the time is up. */
async function nextEvents(ctx: AppContext, { signal, number }: EventFeed): Promise<EventView[]> {
  const query = parseEventQuery(ctx.state.params);
  const deadline = Date.now() + query.wait * 1000;
  // The response closes before it is sent only when the client has gone: stop waiting for it then.
  const gone = new AbortController();
  const leave = () => gone.abort();
  ctx.res.once('close', leave);
  try {
    for (;;) {
      const seen = signal.count();
      // Numbers what has committed so far: a commit after this gets a higher number from a later pass.
      await number();
      const events = await listEvents(domainContext(ctx), query);
      const left = deadline - Date.now();
      if (events.length > 0 || left <= 0 || gone.signal.aborted) return events;
      await signal.next(seen, Math.min(left, POLL_MS), gone.signal);
    }
  } finally {
    ctx.res.off('close', leave);
  }
}

/** The event feed: every committed change, in commit order. */
export function eventRoutes(router: RouteTable, time: TimeFormat, feed: EventFeed): void {
  router.get('/events', async (ctx) => {
    await sendXmlList(ctx, 'events', oneBatch(await nextEvents(ctx, feed)), eventElement, time);
  }, described.list);
}
