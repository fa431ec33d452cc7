import { withEvents } from './events';
import type { Tx } from './ports';
import { many, type PlanWhere } from './read-plan';
import type { TableName, Tables } from './records';
import { deleteRows, writePlan, type DeleteStep, type InsertStep, type WritePlan } from './write-plan';

/**
 * A record removed by id, and its event: the delete and the event's insert in one plan, so a
 * removal that fails writes neither.
 */
export function planRemoval<K extends TableName>(table: K, row: { readonly id: number }, event: InsertStep<'event'>): { plan: WritePlan; removed: DeleteStep<K> } {
  const removed = deleteRows(table, { id: row.id } as DeleteStep<K>['where']);
  return { plan: withEvents(writePlan([removed]), [event]), removed };
}

/**
 * Removes the row of `table` matching `where` by the plan `planOf` makes of it (its delete and its
 * event, `planRemoval`), or answers
 * null (nothing written) when none matches. The row is read locked first: an event is built before
 * its plan is written, so a delete answered 404 only after it committed would keep an event for a
 * removal that did not happen; and the event says what the row held (the part a quote was of names
 * its path), which no one can read back afterwards. Two statements: the row locked, then the plan,
 * which commits. A removal meanwhile leaves the second of two none to find (its lock waited): 404.
 */
export async function removeLocked<K extends TableName>(
  tx: Tx,
  table: K,
  where: PlanWhere<Tables[K]>,
  planOf: (row: Tables[K]) => WritePlan,
): Promise<Tables[K] | null> {
  const [row] = (await tx.load({ found: many(table, where, { lock: true, limit: 1 }) })).found as Array<Tables[K]>;
  if (!row) return null;
  await tx.write(planOf(row), { commit: true });
  return row;
}
