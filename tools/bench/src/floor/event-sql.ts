import type { Statement } from './sql';
import { tsIso } from './sql-text';

/** The columns an event's element shows, its time already as wire text. */
const columns = `position, type, ${tsIso('occurred_at')} AS occurred_at, token_name, collection, record_id, payload`;

/** A page of the feed, by position. $1: the last position a reader has; $2: the page's size. */
export const EVENTS: Statement = {
  name: 'floor_events',
  text: `SELECT ${columns} FROM event WHERE position > $1 ORDER BY position LIMIT $2`,
};

/** A page of one type's events. $1, $2 as above; $3: the type. */
export const EVENTS_OF_TYPE: Statement = {
  name: 'floor_events_of_type',
  text: `SELECT ${columns} FROM event WHERE position > $1 AND type = $3 ORDER BY position LIMIT $2`,
};
