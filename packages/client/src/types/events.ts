import type { IsoTimestamp } from './scalars';

/** One committed change (an extension): its gap-free number, what happened, where, by whom, and the fields it wrote. */
export interface FeedEvent {
  readonly sequence: number;
  /** `inventory_unit.split`, `part.updated`, … */
  readonly type: string;
  readonly occurred_at: IsoTimestamp;
  /** The name of the token that made the change. */
  readonly token: string;
  /** `part/12/inventory/34`. */
  readonly path: string;
  /** The fields the change wrote, by column, as text (a group of fields as JSON); null for an empty one. */
  readonly payload: Readonly<Record<string, string | null>>;
}

/** Which events to read: after a sequence number, how many, of which type or family, and how long to wait for one. */
export interface EventQuery {
  readonly after?: number;
  readonly limit?: number;
  readonly type?: string;
  /** Seconds, at most 30. */
  readonly wait?: number;
}

/** Where `events.follow` starts and what it reads. */
export interface FollowQuery {
  /** The last sequence already seen: the follow yields what comes after it. */
  readonly after: number;
  /** One type (`inventory_unit.split`) or a family (`inventory_unit`). */
  readonly type?: string;
  /** Seconds each request waits for an event before it asks again, 0 to 30. Default 30. */
  readonly wait?: number;
  /** Events a request reads at most, 1 to 1000. Default the server's (100). */
  readonly limit?: number;
}
