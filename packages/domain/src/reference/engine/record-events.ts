import type { Context } from '../../context';
import { eventSource, eventStep, stepEvent, type EventSource } from '../../events';
import type { Permission } from '../../permissions';
import type { TableName } from '../../records';
import type { InsertStep, WritePlan, WriteStep } from '../../write-plan';
import type { ResourceDef, RowOf } from './resource-def';

/**
 * A reference record's event: `<table>.created`, `.updated` or `.deleted` at `<table>/<id>`, with
 * the fields written; seen by whoever may read the resource.
 */
export function recordEvent<K extends TableName, X>(
  ctx: Pick<Context, 'actor' | 'clock'>,
  def: ResourceDef<K, X>,
  change: 'created' | 'updated' | 'deleted',
  step: WriteStep<K>,
): InsertStep<'event'> {
  return stepEvent(eventSource(ctx), `${def.table}.${change}`, def.table, step as WriteStep, {}, def.permissions?.read ?? null);
}

/**
 * A create's events: the record's `<table>.created`, then one for each record its follow-up inserts
 * beside it (a location's sublocations: `inventory_sublocation.created`, each at its own path).
 */
export function createdEvents<K extends TableName, X>(ctx: Pick<Context, 'actor' | 'clock'>, def: ResourceDef<K, X>, plan: WritePlan, record: InsertStep<K>): InsertStep<'event'>[] {
  const source = eventSource(ctx);
  const followup = plan.steps.filter((step) => step !== record && step.kind === 'insert');
  return [recordEvent(ctx, def, 'created', record), ...followup.map((step) => stepEvent(source, `${step.table}.created`, step.table, step, {}, def.permissions?.read ?? null))];
}

/** A delete's events: those of the records removed with it (`deletedWith`), then the record's own `<table>.deleted`. */
export function deletedEvents<K extends TableName, X>(
  ctx: Pick<Context, 'actor' | 'clock'>,
  def: ResourceDef<K, X>,
  row: RowOf<K>,
  loaded: Readonly<Record<string, unknown>>,
  step: WriteStep<K>,
): InsertStep<'event'>[] {
  return [...(def.deletedWith?.(row, loaded, eventSource(ctx)) ?? []), recordEvent(ctx, def, 'deleted', step)];
}

/** `<table>.deleted` at `<table>/<id>` for a reference record removed with another (a location's sublocation). */
export const dependentDeleted = (source: EventSource, table: TableName, id: number, permission: Permission | null): InsertStep<'event'> =>
  eventStep(source, `${table}.deleted`, { collection: table, id }, {}, permission);
