import { fieldProblem, messages, type Problem } from './errors';
import type { Tx } from './ports';
import { one, type Plan, type PlanOne } from './read-plan';
import type { TableName, Tables } from './records';
import { schema } from './schema';

/**
 * `Vendor must exist` for each declared reference of `table` that `values` points at a record
 * nobody has: all of them at once, so one 400 names every bad id (the store would stop at the first).
 */
export async function missingReferences<K extends TableName>(
  tx: Tx,
  table: K,
  values: Partial<Tables[K]>,
): Promise<Problem[]> {
  const found: Problem[] = [];
  for (const reference of schema[table].references) {
    const target = (values as Record<string, unknown>)[reference.column];
    if (typeof target !== 'number') continue;
    if (!(await tx.repo(reference.table).get(target))) found.push(fieldProblem(reference.column, messages.mustExist(reference.column)));
  }
  return found;
}

/** The plan entry reading the record `column` names, keyed so it sits beside a command's other reads. */
const referenceEntry = (column: string) => `reference:${column}`;

/**
 * `missingReferences` as read-plan entries, one per declared reference `values` points at, to load
 * in the statement that reads the rest of what a command checks; `missingIn` reads the answer.
 */
export function referencePlan<K extends TableName>(table: K, values: Partial<Tables[K]>): Plan {
  const plan: Record<string, PlanOne<TableName>> = {};
  for (const reference of schema[table].references) {
    const target = (values as Record<string, unknown>)[reference.column];
    if (typeof target === 'number') plan[referenceEntry(reference.column)] = one(reference.table, { id: target });
  }
  return plan;
}

/** `Vendor must exist` for each reference of `referencePlan(table, values)` that `loaded` found no record for, in declaration order. */
export function missingIn<K extends TableName>(table: K, values: Partial<Tables[K]>, loaded: object): Problem[] {
  const found = loaded as Readonly<Record<string, unknown>>;
  return schema[table].references
    .filter((reference) => typeof (values as Record<string, unknown>)[reference.column] === 'number' && found[referenceEntry(reference.column)] === null)
    .map((reference) => fieldProblem(reference.column, messages.mustExist(reference.column)));
}

/** The record `referencePlan` read for `column`, or null when it read none or found none. */
export function referencedIn<T>(loaded: object, column: string): T | null {
  return ((loaded as Readonly<Record<string, unknown>>)[referenceEntry(column)] as T | undefined) ?? null;
}
