import { blankNotNullProblems } from '../../columns';
import type { Problem } from '../../errors';
import { asInput } from '../../fields';
import type { TableName } from '../../records';
import { readColumns } from './column-values';
import type { Followup, ResourceDef, RowOf } from './resource-def';

/**
 * A reference record's create or update, read from its body: the columns sent, typed, and the
 * field problems found. The problems travel with the input rather than being thrown here, so the
 * use case answers them in its order: after the permission and, on an update, the record's 404.
 */
export interface RecordInput<K extends TableName> {
  readonly values: Partial<RowOf<K>>;
  readonly problems: readonly Problem[];
}

/** A create's input, with what the definition writes beside the row (`prepareCreate`). */
export interface NewRecordInput<K extends TableName, X = unknown> extends RecordInput<K> {
  readonly followup?: Followup<X>;
}

/** The parse step of `POST <P>/<resource>`: `def`'s create fields and its follow-up. No store. */
export function parseRecord<K extends TableName, X>(def: ResourceDef<K, X>, raw: unknown): NewRecordInput<K, X> {
  const input = asInput(raw);
  const { values, errors } = readColumns(def.createFields, input, 'create');
  const followup = def.prepareCreate?.(input);
  return { values, problems: [...errors, ...(followup?.errors ?? [])], ...(followup && { followup }) };
}

/**
 * The parse step of `PUT <P>/<resource>/:id`: `def`'s update fields sent. Blank is null, and a
 * not-null column (a flag, a counter) has no null to become: a problem.
 */
export function parseRecordChanges<K extends TableName, X>(def: ResourceDef<K, X>, raw: unknown): RecordInput<K> {
  const { values, errors } = readColumns(def.updateFields, asInput(raw), 'update');
  return { values, problems: [...errors, ...blankNotNullProblems(def.table, values)] };
}
