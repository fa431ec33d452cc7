import { fieldProblem, messages, type Problem } from '../../errors';
import { one, ref, type Plan, type PlanWhere } from '../../read-plan';
import type { TableName } from '../../records';
import { schema } from '../../schema';
import type { RowOf } from './resource-def';

/** The entries of a command's read holding its constraints' rows: a unique key's clash, a reference's target. */
const TAKEN = 'taken:';
const takenEntry = (index: number) => `${TAKEN}${index}`;
const referenceEntry = (column: string) => `reference:${column}`;

/** The locked record an update reads its constraints beside (`many(table, { id }, { lock: true })`). */
export interface ExistingEntry {
  readonly entry: string;
  readonly id: number;
}

/**
 * Reads of the unique keys and references from `schema` that `values` set, as entries of the
 * command's one read, so the caller gets every message at once. On update (`existing`) a key's
 * columns not sent are the record's, read from its entry, and the record is no clash with itself;
 * keys and references `values` do not touch cannot have changed.
 */
export function constraintReads<K extends TableName>(table: K, values: Partial<RowOf<K>>, existing?: ExistingEntry): Plan {
  const entries: Plan = {};
  const sent = values as Record<string, unknown>;
  schema[table].unique.forEach((key, index) => {
    if (existing && !key.columns.some((column) => column in sent)) return;
    const where: Record<string, unknown> = {};
    for (const column of key.columns) {
      // A null in any of its columns breaks no key.
      if (column in sent) {
        if (sent[column] === null || sent[column] === undefined) return;
        where[column] = sent[column];
      } else if (existing) where[column] = ref(existing.entry, column);
      else return;
    }
    if (existing) where.id = { $ne: existing.id };
    entries[takenEntry(index)] = one(table, where as PlanWhere<RowOf<K>>);
  });
  for (const reference of schema[table].references) {
    const target = sent[reference.column];
    if (typeof target === 'number') entries[referenceEntry(reference.column)] = one(reference.table, { id: target });
  }
  return entries;
}

/** Whether `reads` (from `constraintReads`) look for unique keys' clashes and nothing else: none when empty. */
export function uniqueKeysOnly(reads: Plan): boolean {
  const entries = Object.keys(reads);
  return entries.length > 0 && entries.every((entry) => entry.startsWith(TAKEN));
}

/** What the reads of `constraintReads` found: `taken` for a clash, `must exist` for a target nobody has. */
export function constraintProblems(table: TableName, reads: Plan, loaded: Readonly<Record<string, unknown>>): Problem[] {
  const found: Problem[] = [];
  schema[table].unique.forEach((key, index) => {
    if (takenEntry(index) in reads && loaded[takenEntry(index)]) found.push(fieldProblem(key.field, messages.taken(key.field)));
  });
  for (const reference of schema[table].references) {
    const entry = referenceEntry(reference.column);
    if (entry in reads && !loaded[entry]) found.push(fieldProblem(reference.column, messages.mustExist(reference.column)));
  }
  return found;
}

/** The record a reference column names, as `constraintReads` read it (null when not read or not found). */
export function referencedRow(loaded: Readonly<Record<string, unknown>>, column: string): unknown {
  return loaded[referenceEntry(column)] ?? null;
}
