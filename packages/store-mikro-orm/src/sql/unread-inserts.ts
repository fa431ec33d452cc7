import { isRead, type InsertStep, type WritePlan } from '@pips/domain';

/**
 * The unread inserts of `plan` that may be written last, as one multi-row insert per table (an
 * event or more): unnamed, into a table no other step inserts into, all setting the same columns.
 * Nothing in the answer names that insert, so PostgreSQL writes it once the answer is read, after
 * every other step; its rows keep plan order, and so draw their ids in it. Any other unread insert
 * is written at its place like the rest.
 */
export function unreadTail(plan: WritePlan, columnsOf: (step: InsertStep) => string[]): Map<string, InsertStep[]> {
  const byTable = new Map<string, InsertStep[]>();
  const mixed = new Set<string>();
  for (const step of plan.steps) {
    if (step.kind !== 'insert') continue;
    if (isRead(step) || step.name !== undefined) mixed.add(step.table);
    else byTable.set(step.table, [...(byTable.get(step.table) ?? []), step]);
  }
  for (const [table, steps] of byTable) {
    const columns = columnsOf(steps[0]!).join();
    if (mixed.has(table) || steps.some((step) => columnsOf(step).join() !== columns)) byTable.delete(table);
  }
  return byTable;
}
