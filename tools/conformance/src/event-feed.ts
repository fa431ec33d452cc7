import { expect } from 'vitest';
import { get, type Reply } from './client';
import { expectList, type Rec } from './expect-xml';
import type { Target } from './targets';

/** Reading the event feed as a follower does, for the scenarios that check what a change wrote. */

const EVENT_FIELDS = ['sequence', 'type', 'occurred_at', 'token', 'path', 'payload'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\+00:00|Z)$/;

export interface FeedEvent {
  readonly sequence: number;
  readonly type: string;
  readonly token: string;
  readonly path: string;
  readonly payload: Rec;
}

export function eventsOf(reply: Reply): FeedEvent[] {
  return expectList(reply, 'events', 'event', EVENT_FIELDS).map((event) => {
    expect(event.occurred_at).toMatch(ISO);
    return {
      sequence: Number(event.sequence),
      type: String(event.type),
      token: String(event.token),
      path: String(event.path),
      payload: (event.payload ?? {}) as Rec,
    };
  });
}

/** Every event after `after` the token may see, read page by page (`limit` each) as a follower would. */
export async function follow(target: Target, after: number, options: { token?: string; type?: string; limit?: number } = {}): Promise<FeedEvent[]> {
  const read: FeedEvent[] = [];
  const limit = options.limit ?? 1000;
  for (let from = after; ; ) {
    const query = `after=${from}&limit=${limit}${options.type ? `&type=${encodeURIComponent(options.type)}` : ''}`;
    const page = eventsOf(await get(target, '/events', { query, token: options.token }));
    read.push(...page);
    if (page.length < limit) return read;
    from = page.at(-1)!.sequence;
  }
}

/** The last sequence number now: where a scenario starts reading. */
export async function head(target: Target): Promise<number> {
  return (await follow(target, 0)).at(-1)?.sequence ?? 0;
}

/** The events about the records under `prefix` (`part/12`), in feed order. */
export const about = (events: readonly FeedEvent[], prefix: string) => events.filter((event) => event.path === prefix || event.path.startsWith(`${prefix}/`));

