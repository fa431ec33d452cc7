import { errors, type Problem } from '../../errors';
import type { TableName } from '../../records';
import { updateRow, writePlan, type UpdateStep, type WritePlan } from '../../write-plan';
import { refuseFixedChanges } from './fixed-columns';
import type { RecordInput } from './record-input';
import type { ResourceDef, RowOf } from './resource-def';

export interface UpdateRecordPlan<K extends TableName> {
  readonly plan: WritePlan;
  readonly record: UpdateStep<K>;
}

/**
 * The update of `existing` (read locked) as a plan: the fields sent, and `updated_at` at `now`;
 * null when nothing is sent, which writes nothing (and keeps `updated_at`). Refused in the
 * engine's order: the input's field problems (400), a fixed column changed (422), then `problems`
 * (400), every rule's found by the caller: the store's constraints and the definition's own.
 */
export function planUpdateRecord<K extends TableName, X>(
  def: ResourceDef<K, X>,
  existing: RowOf<K>,
  input: RecordInput<K>,
  problems: ReadonlyArray<string | Problem>,
  now: Date,
): UpdateRecordPlan<K> | null {
  if (input.problems.length > 0) throw errors.invalid([...input.problems]);
  refuseFixedChanges(def, existing, input.values);
  if (problems.length > 0) throw errors.invalid([...problems]);
  if (Object.keys(input.values).length === 0) return null;
  const patch = { ...input.values, updated_at: now } as UpdateStep<K>['patch'];
  const record = updateRow(def.table, existing.id, patch);
  return { plan: writePlan([record]), record };
}
