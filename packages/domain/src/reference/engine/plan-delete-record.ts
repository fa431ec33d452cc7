import { errors } from '../../errors';
import type { TableName } from '../../records';
import { deleteRows, writePlan, type WritePlan } from '../../write-plan';
import { whereColumns } from './column-values';
import type { ResourceDef, RowOf } from './resource-def';

/**
 * The delete of `row` (read locked) as a plan: the dependents its definition clears, then the
 * record. Refused as its definition refuses from what `deleteReads` found, then (422) while
 * `attachments` name it.
 */
export function planDeleteRecord<K extends TableName, X>(
  def: ResourceDef<K, X>,
  row: RowOf<K>,
  loaded: Readonly<Record<string, unknown>>,
  attachments: number,
): WritePlan {
  const dependents = def.planDelete?.(row, loaded) ?? [];
  if (attachments > 0) throw errors.inUseByTable('attachment');
  return writePlan([...dependents, deleteRows(def.table, whereColumns<K>({ id: row.id }))]);
}
