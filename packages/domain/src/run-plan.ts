import type { ReadTx, Where } from './ports';
import { checkPlan, isPlanRef, type Plan, type PlanEntry, type PlanResult } from './read-plan';
import type { TableName } from './records';

type Loaded = Record<string, unknown>;

/** The value(s) a reference stands for, as a condition: nothing matches a null or a missing row. */
function resolve(loaded: Loaded, entry: string, column: string): { $in: unknown[] } {
  const found = loaded[entry];
  const rows = (Array.isArray(found) ? found : found ? [found] : []) as Array<Record<string, unknown>>;
  const values = rows.map((row) => row[column]).filter((value) => value !== null && value !== undefined);
  return { $in: [...new Set(values)] };
}

function whereOf(entry: PlanEntry, loaded: Loaded): Where<Record<string, unknown>> {
  const where: Record<string, unknown> = {};
  for (const [column, condition] of Object.entries(entry.where)) {
    where[column] = isPlanRef(condition) ? resolve(loaded, condition.$ref, condition.column) : condition;
  }
  return where as Where<Record<string, unknown>>;
}

/** Each row with only `columns` (all when absent), in their order. */
function project(rows: unknown[], columns: readonly string[] | undefined): unknown[] {
  if (!columns) return rows;
  return rows.map((row) => Object.fromEntries(columns.map((column) => [column, (row as Record<string, unknown>)[column]])));
}

/**
 * Answers `plan` entry by entry through `tx`'s repositories: how an adapter without a query
 * language of its own (the memory store) runs a plan, and the meaning every adapter must keep.
 */
export async function runPlan<P extends Plan>(tx: ReadTx, plan: P): Promise<PlanResult<P>> {
  checkPlan(plan);
  const loaded: Loaded = {};
  for (const [name, entry] of Object.entries(plan)) {
    const repo = tx.repo(entry.table as TableName) as unknown as ReturnType<ReadTx['repo']> & {
      find(where: unknown, options?: unknown): Promise<unknown[]>;
      findOne(where: unknown): Promise<unknown>;
      count(where: unknown): Promise<number>;
    };
    const where = whereOf(entry, loaded);
    if (entry.kind === 'one') loaded[name] = await repo.findOne(where);
    else if (entry.kind === 'many') loaded[name] = project(await repo.find(where, entry.options), entry.options?.columns);
    else loaded[name] = await repo.count(where);
  }
  return loaded as PlanResult<P>;
}
