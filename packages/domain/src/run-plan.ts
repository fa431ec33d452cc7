import type { FindOptions, Where } from './ports';
import {
  argumentOf,
  checkPlan,
  isPlanParam,
  isPlanRef,
  type Plan,
  type PlanArgs,
  type PlanEntry,
  type PlanResult,
  type ReachWalk,
  type TreeItem,
  type TreeWalk,
} from './read-plan';
import type { TableName } from './records';

type Loaded = Record<string, unknown>;
type Fields = Record<string, unknown>;

/**
 * One table's rows as a plan runner reads them, at once (no I/O): what an adapter that holds its
 * rows in memory gives `runPlan`. Each row answered is the caller's own copy.
 */
export interface PlanFinder {
  find(where: Where<Fields>, options?: FindOptions<Fields>): Fields[];
  count(where: Where<Fields>): number;
}

/** The distinct non-null values of `column` in `rows`: what a reference or a tree's next level matches. */
function valuesOf(rows: readonly Fields[], column: string): unknown[] {
  const values = new Set<unknown>();
  for (const row of rows) {
    const value = row[column];
    if (value !== null && value !== undefined) values.add(value);
  }
  return [...values];
}

/** The rows an entry answered (a tree's items stand for their rows). */
function rowsOf(entry: PlanEntry, found: unknown): Fields[] {
  const rows = (Array.isArray(found) ? found : found ? [found] : []) as Fields[];
  return entry.kind === 'tree' ? rows.map((item) => (item as unknown as TreeItem<Fields>).row) : rows;
}

/** An operator condition as it runs: the same object, or a copy with its parameter given its value. */
function operatorsOf(condition: Readonly<Fields>, args: PlanArgs | undefined): Readonly<Fields> {
  for (const op in condition) {
    if (isPlanParam(condition[op])) return { ...condition, [op]: argumentOf(condition[op], args) };
  }
  return condition;
}

/**
 * An entry's conditions with each reference, `$or` branches included, replaced by the values it
 * stands for, and each parameter by its argument.
 */
function whereOf(plan: Plan, given: Readonly<Fields>, loaded: Loaded, args: PlanArgs | undefined): Where<Fields> {
  const where: Fields = {};
  for (const column in given) {
    const condition = given[column];
    if (column === '$or') {
      if (condition !== undefined) where.$or = (condition as ReadonlyArray<Readonly<Fields>>).map((branch) => whereOf(plan, branch, loaded, args));
      continue;
    }
    // The value(s) a reference stands for: nothing matches a null or a missing row.
    if (isPlanRef(condition)) where[column] = { $in: valuesOf(rowsOf(plan[condition.$ref]!, loaded[condition.$ref]), condition.column) };
    else if (isPlanParam(condition)) where[column] = argumentOf(condition, args);
    else if (condition !== null && typeof condition === 'object' && !(condition instanceof Date)) where[column] = operatorsOf(condition as Fields, args);
    else where[column] = condition;
  }
  return where as Where<Fields>;
}

/** A `many` entry's options with its parameters (limit, offset) given their values. */
function optionsOf(entry: PlanEntry, args: PlanArgs | undefined): PlanEntry['options'] {
  const options = entry.options;
  if (!options || (!isPlanParam(options.limit) && !isPlanParam(options.offset))) return options;
  return { ...options, limit: argumentOf(options.limit, args) as number | undefined, offset: argumentOf(options.offset, args) as number | undefined };
}

/** A row with only `columns` (all when absent), in their order. */
function project(row: Fields, columns: readonly string[] | undefined): Fields {
  if (!columns) return row;
  const out: Fields = {};
  for (const column of columns) out[column] = row[column];
  return out;
}

/** Paths compared element by element, a path before those it begins. */
function comparePaths(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** A tree entry walked level by level, one find a level, then ordered by path and cut at its limit. */
function walk(repo: PlanFinder, entry: PlanEntry, where: Where<Fields>): Array<TreeItem<Fields>> {
  const { parent, child, maxDepth, limit, columns } = entry.options as TreeWalk;
  let level: Array<TreeItem<Fields>> = repo.find(where).map((row) => ({ row, path: [row.id as number] }));
  const items = [...level];
  for (let depth = 1; depth < maxDepth && level.length > 0; depth++) {
    const values = valuesOf(level.map((item) => item.row), child);
    const children = new Map<unknown, Fields[]>();
    for (const row of values.length > 0 ? repo.find({ [parent]: { $in: values } }) : []) {
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
 * A reach entry walked level by level, one find a level, each `child` value followed once: the
 * distinct rows reached, in id order. Ends on any finite table, a cycle in it included.
 */
function reachAll(repo: PlanFinder, entry: PlanEntry, where: Where<Fields>): Fields[] {
  const { parent, child, columns } = entry.options as ReachWalk;
  const reached = new Map<number, Fields>();
  const followed = new Set<unknown>();
  let level = repo.find(where);
  while (level.length > 0) {
    const next: unknown[] = [];
    for (const row of level) {
      if (reached.has(row.id as number)) continue;
      reached.set(row.id as number, row);
      const value = row[child];
      if (value !== null && value !== undefined && !followed.has(value)) {
        followed.add(value);
        next.push(value);
      }
    }
    level = next.length > 0 ? repo.find({ [parent]: { $in: next } }) : [];
  }
  return [...reached.values()].sort((a, b) => (a.id as number) - (b.id as number)).map((row) => project(row, columns));
}

/**
 * Answers `plan` entry by entry through `finderOf`'s tables, at once: how an adapter without a
 * query language of its own (the memory store) runs a plan, and the meaning every adapter must
 * keep. Nothing can change between two entries, since nothing else runs meanwhile.
 */
export function runPlan<P extends Plan>(finderOf: (table: TableName) => PlanFinder, plan: P, args?: PlanArgs): PlanResult<P> {
  checkPlan(plan);
  const loaded: Loaded = {};
  for (const name in plan) {
    const entry = plan[name]!;
    const repo = finderOf(entry.table);
    const where = whereOf(plan, entry.where, loaded, args);
    if (entry.kind === 'one') loaded[name] = repo.find(where, { limit: 1 })[0] ?? null;
    else if (entry.kind === 'many') {
      const columns = entry.options?.columns;
      const rows = repo.find(where, optionsOf(entry, args) as FindOptions<Fields> | undefined);
      loaded[name] = columns ? rows.map((row) => project(row, columns)) : rows;
    } else if (entry.kind === 'tree') loaded[name] = walk(repo, entry, where);
    else if (entry.kind === 'reach') loaded[name] = reachAll(repo, entry, where);
    else loaded[name] = repo.count(where);
  }
  return loaded as PlanResult<P>;
}
