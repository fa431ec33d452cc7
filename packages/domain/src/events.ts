import type { Context } from './context';
import type { Permission } from './permissions';
import type { EventRecord } from './records';
import { insertUnread, isInsertedId, writePlan, type InsertedId, type InsertStep, type WritePlan, type WriteStep } from './write-plan';

/**
 * Every committed change writes its events in the same transaction, as more inserts of the plan
 * that makes it (docs/decisions.md, "Events"): one statement still, and a plan that fails or is
 * refused writes none. An event's payload is the fields the change wrote, by column.
 */

/** Who made the change and when: the token's name (never its secret) and the time. */
export interface EventSource {
  readonly token: string;
  readonly at: Date;
}

export const eventSource = (ctx: Pick<Context, 'actor' | 'clock'>): EventSource => ({ token: ctx.actor.name, at: ctx.clock.now() });

/** Where a record lives: `part/12/inventory` and its id make `part/12/inventory/34`. */
export interface EventPath {
  readonly collection: string;
  /** An earlier or later insert of the plan may give it (`insertedId`); null for no one record. */
  readonly id: number | InsertedId | null;
}

/** Columns never written to an event, whatever the step holds. */
const SECRET_COLUMNS = new Set(['token_hash', 'secret']);

/**
 * The fields a step writes, as an event's payload: an insert's values, an update's patch (columns
 * left unchanged are not there), nothing for a delete. An id another insert of the plan gives is
 * left out (its event names it in its path).
 */
export function changesOf(step: WriteStep): Record<string, unknown> {
  if (step.kind === 'delete') return {};
  const values: Record<string, unknown> = step.kind === 'insert' ? step.values : step.patch;
  return Object.fromEntries(Object.entries(values).filter(([column, value]) => value !== undefined && !isInsertedId(value) && !SECRET_COLUMNS.has(column)));
}

/** The id of the row a step writes, as an event's path names it. */
export function idOf(step: WriteStep): number | InsertedId | null {
  if (step.kind === 'update') return step.id;
  if (step.kind === 'insert') return step.name === undefined ? null : { $inserted: step.name };
  const id = (step.where as { id?: unknown }).id;
  return typeof id === 'number' ? id : null;
}

/** One event: an insert into the outbox; a reader needs `permission` to see it. */
export function eventStep(
  source: EventSource,
  type: string,
  path: EventPath,
  payload: Record<string, unknown>,
  permission: Permission | null = null,
): InsertStep<'event'> {
  // No number yet: the feed's numbering pass gives it one once it is committed (`Tx.numberEvents`).
  // Unread: the command answers from its own rows, and the feed reads events on its own.
  return insertUnread('event', {
    position: null,
    type,
    occurred_at: source.at,
    token_name: source.token,
    collection: path.collection,
    record_id: path.id,
    permission,
    payload: JSON.stringify(payload),
  });
}

/** The event of a step: its path's id and its payload come from the step, with `more` beside the fields. */
export function stepEvent(
  source: EventSource,
  type: string,
  collection: string,
  step: WriteStep,
  more: Record<string, unknown> = {},
  permission: Permission | null = null,
): InsertStep<'event'> {
  return eventStep(source, type, { collection, id: idOf(step) }, { ...changesOf(step), ...more }, permission);
}

/** `plan` with its events after its own steps. */
export function withEvents(plan: WritePlan, events: ReadonlyArray<InsertStep<'event'>>): WritePlan {
  return events.length === 0 ? plan : writePlan([...plan.steps, ...events]);
}

/** An event as the feed answers it: its path whole, its payload parsed. */
export interface EventView {
  readonly sequence: number;
  readonly type: string;
  readonly occurredAt: Date;
  readonly token: string;
  readonly path: string;
  readonly payload: Record<string, unknown>;
}

export function eventView(row: EventRecord): EventView {
  return {
    sequence: row.position ?? 0,
    type: row.type,
    occurredAt: row.occurred_at,
    token: row.token_name,
    path: row.record_id === null ? row.collection : `${row.collection}/${row.record_id}`,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
  };
}
