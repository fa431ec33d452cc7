import type { ReadTx, Where } from './ports';
import { checkPlan, isPlanRef, type Plan, type PlanEntry, type PlanResult, type TreeItem, type TreeWalk } from './read-plan';
import type { TableName } from './records';

type Loaded = Record<string, unknown>;
type Fields = Record<string, unknown>;
type Finder = {
  find(where: unknown, options?: unknown): Promise<Fields[]>;
  findOne(where: unknown): Promise<unknown>;
  count(where: unknown): Promise<number>;
};

/** The distinct non-null values of `column` in `rows`: what a reference or a tree's next level matches. */
function valuesOf(rows: readonly Fields[], column: string): unknown[] {
  return [...new Set(rows.map((row) => row[column]).filter((value) => value !== null && value !== undefined))];
}

/** The rows an entry answered (a tree's items stand for their rows). */
function rowsOf(entry: PlanEntry, found: unknown): Fields[] {
  const rows = (Array.isArray(found) ? found : found ? [found] : []) as Fields[];
  return entry.kind === 'tree' ? rows.map((item) => (item as unknown as TreeItem<Fields>).row) : rows;
}

/** An entry's conditions with each reference, `$or` branches included, replaced by the values it stands for. */
function whereOf(plan: Plan, given: Readonly<Fields>, loaded: Loaded): Where<Fields> {
  const where: Fields = {};
  for (const [column, condition] of Object.entries(given)) {
    if (column === '$or') {
      if (condition !== undefined) where.$or = (condition as ReadonlyArray<Readonly<Fields>>).map((branch) => whereOf(plan, branch, loaded));
      continue;
    }
    // The value(s) a reference stands for: nothing matches a null or a missing row.
    where[column] = isPlanRef(condition)
      ? { $in: valuesOf(rowsOf(plan[condition.$ref]!, loaded[condition.$ref]), condition.column) }
      : condition;
  }
  return where as Where<Fields>;
}

/** A row with only `columns` (all when absent), in their order. */
function project(row: Fields, columns: readonly string[] | undefined): Fields {
  return columns ? Object.fromEntries(columns.map((column) => [column, row[column]])) : row;
}

/** Paths compared element by element, a path before those it begins. */
function comparePaths(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** A tree entry walked level by level, one find a level, then ordered by path and cut at its limit. */
async function walk(repo: Finder, entry: PlanEntry, where: Where<Fields>): Promise<Array<TreeItem<Fields>>> {
  const { parent, child, maxDepth, limit, columns } = entry.options as TreeWalk;
  let level: Array<TreeItem<Fields>> = (await repo.find(where)).map((row) => ({ row, path: [row.id as number] }));
  const items = [...level];
  for (let depth = 1; depth < maxDepth && level.length > 0; depth++) {
    const values = valuesOf(level.map((item) => item.row), child);
    const children = new Map<unknown, Fields[]>();
    for (const row of values.length > 0 ? await repo.find({ [parent]: { $in: values } }) : []) {
      const siblings = children.get(row[parent]);
      if (siblings) siblings.push(row);
      else children.set(row[parent], [row]);
    }
    level = level.flatMap((item) =>
      (children.get(item.row[child]) ?? [])
        .filter((row) => !item.path.includes(row.id as number))
        .map((row) => ({ row, path: [...item.path, row.id as number] })),
    );
    items.push(...level);
  }
  items.sort((a, b) => comparePaths(a.path, b.path));
  const answered = new Set<Fields>();
  return items.slice(0, limit).map(({ row, path }) => {
    // A row reached along two paths is answered as two records, as a database answers it.
    const own = answered.has(row) ? structuredClone(row) : (answered.add(row), row);
    return { row: project(own, columns), path };
  });
}

/**
 * Answers `plan` entry by entry through `tx`'s repositories: how an adapter without a query
 * language of its own (the memory store) runs a plan, and the meaning every adapter must keep.
 */
export async function runPlan<P extends Plan>(tx: ReadTx, plan: P): Promise<PlanResult<P>> {
  checkPlan(plan);
  const loaded: Loaded = {};
  for (const [name, entry] of Object.entries(plan)) {
    const repo = tx.repo(entry.table as TableName) as unknown as Finder;
    const where = whereOf(plan, entry.where, loaded);
    if (entry.kind === 'one') loaded[name] = await repo.findOne(where);
    else if (entry.kind === 'many') loaded[name] = (await repo.find(where, entry.options)).map((row) => project(row, entry.options?.columns));
    else if (entry.kind === 'tree') loaded[name] = await walk(repo, entry, where);
    else loaded[name] = await repo.count(where);
  }
  return loaded as PlanResult<P>;
}
