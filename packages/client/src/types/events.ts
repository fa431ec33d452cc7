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
