import { errors, type Problem } from '../../errors';
import type { TableName } from '../../records';
import { insertedId, insertRow, writePlan, type InsertStep, type WritePlan, type WrittenRows } from '../../write-plan';
import { newColumns } from './column-values';
import type { NewRecordInput } from './record-input';
import type { ResourceDef } from './resource-def';

/** What the record's insert is named in its plan, for its follow-up's steps. */
const RECORD = 'record';

export interface CreateRecordPlan<K extends TableName, X> {
  readonly plan: WritePlan;
  /** The record's insert. */
  readonly record: InsertStep<K>;
  /** The new record's related data from what its follow-up wrote, when it has one. */
  readonly related?: (written: WrittenRows) => X;
}

/**
 * The create of a reference record as a plan: its insert (the definition's initial columns under
 * the fields read, both timestamps `now`), then what its follow-up writes beside it. Refused (400)
 * with `problems`, every rule's found by the caller: the store's constraints and the definition's own.
 */
export function planCreateRecord<K extends TableName, X>(
  def: ResourceDef<K, X>,
  input: NewRecordInput<K, X>,
  problems: ReadonlyArray<string | Problem>,
  now: Date,
): CreateRecordPlan<K, X> {
  if (problems.length > 0) throw errors.invalid([...problems]);
  const record = insertRow(def.table, newColumns<K>({ ...def.initial, ...input.values }, now), RECORD);
  const followup = input.followup?.plan(insertedId(RECORD), now);
  if (!followup) return { plan: writePlan([record]), record };
  return { plan: writePlan([record, ...followup.steps]), record, related: (written) => followup.related(written) };
}
