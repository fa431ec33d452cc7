/**
 * The event a floor's write adds to the outbox, as every write of PIPS's does in its own statement
 * (docs/decisions.md, "Events"): the same table, indexes and columns, the written fields as its
 * JSON payload, left unnumbered for the feed's numbering pass. Without it a floor did less work
 * than the write it stands beside.
 */

/** The name PIPS writes for the token the bench sends: its bootstrap token's. */
export const BENCH_TOKEN_NAME = 'bootstrap';

/** What one event row holds; each an SQL expression over the rows of `from`. */
export interface EventOf {
  /** The event's type, as a literal: `part.updated`. */
  readonly type: string;
  readonly collection: string;
  readonly recordId: string;
  /** A `json` expression (`fieldsOf`): the fields the change wrote. */
  readonly payload: string;
  /** Who may read it (PIPS's `view_inventory` for units), as a literal; none when absent. */
  readonly permission?: string;
  readonly from: string;
}

/** The rows of one event of `event.from`, as an `INSERT`'s `SELECT`. */
function eventRows(event: EventOf): string {
  const permission = event.permission === undefined ? 'NULL' : `'${event.permission}'`;
  return `SELECT '${event.type}', now(), '${BENCH_TOKEN_NAME}', ${event.collection}, ${event.recordId}, ${permission}, (${event.payload})::text FROM ${event.from}`;
}

/**
 * An `INSERT` (for a CTE of the floor's statement) writing one event per row of each of `events`'
 * `from`, in the order given, as PIPS's plan writes them: one statement's CTEs run in no set order.
 */
export function insertEvents(...events: EventOf[]): string {
  return `INSERT INTO event (type, occurred_at, token_name, collection, record_id, permission, payload) ${events.map(eventRows).join(' UNION ALL ')}`;
}

/**
 * A payload of `columns` of the row `alias` names, with `more` (name to SQL expression) beside them:
 * `json_build_object`, which writes JSON text at once, as PIPS binds its payload as text.
 */
export function fieldsOf(alias: string, columns: readonly string[], more: Readonly<Record<string, string>> = {}): string {
  const pairs = [...columns.map((column) => `'${column}', ${alias}.${column}`), ...Object.entries(more).map(([name, value]) => `'${name}', ${value}`)];
  return `json_build_object(${pairs.join(', ')})`;
}
