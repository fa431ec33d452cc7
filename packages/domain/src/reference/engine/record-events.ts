import type { Context } from '../../context';
import { eventSource, stepEvent } from '../../events';
import type { TableName } from '../../records';
import type { InsertStep, WriteStep } from '../../write-plan';
import type { ResourceDef } from './resource-def';

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
