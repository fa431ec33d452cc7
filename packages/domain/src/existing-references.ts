import { fieldProblem, messages, type Problem } from './errors';
import type { Tx } from './ports';
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
