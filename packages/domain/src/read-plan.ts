import type { Condition, FindOptions } from './ports';
import type { TableName, Tables } from './records';

/**
 * A column of an earlier entry of the same plan: the value of a `one` (equality), or every value
 * of a `many` or a `tree`'s rows (membership). A null value, a missing row or an empty list
 * matches no row.
 */
export interface PlanRef {
  readonly $ref: string;
  readonly column: string;
}

/**
 * A value the plan is run with (`tx.load(plan, { [name]: value })`) rather than one written into
 * it: a plan built once with its parameters is checked and compiled once by each adapter, and only
 * its values change from call to call. A parameter stands for a value, never for null (a null or
 * missing argument is refused when the plan runs); for `$in`, for a list of non-null values.
 */
export interface PlanParam {
  readonly $param: string;
}

/** What a plan's parameters stand for in one run, by name. */
export type PlanArgs = Readonly<Record<string, unknown>>;

/** A column's condition in a plan: a `Condition`, a parameter in place of its value, or a reference. */
export type PlanCondition<V> =
  | Condition<V>
  | PlanRef
  | PlanParam
  | { $in: PlanParam }
  | { $ne: PlanParam }
  | { $gt: PlanParam }
  | { $gte: PlanParam }
  | { $lt: PlanParam }
  | { $lte: PlanParam }
  | { $contains: PlanParam }
  | { $startsWith: PlanParam }
  | { $endsWith: PlanParam }
  | { $equalsText: PlanParam };

/**
 * A plan entry's conditions, as `Where` has them (AND, with `$or` of further ones), each column's a
 * `PlanCondition`: a condition, a parameter, or a reference to an earlier entry.
 */
export type PlanWhere<T> = { [C in keyof T]?: PlanCondition<T[C]> } & { $or?: ReadonlyArray<PlanWhere<T>> };

/** What every entry names: its kind, its table, and the conditions on that table's rows. */
interface PlanFind<Kind extends PlanEntry['kind'], K extends TableName> {
  readonly kind: Kind;
  readonly table: K;
  readonly where: PlanWhere<Tables[K]>;
}

export type PlanOne<K extends TableName> = PlanFind<'one', K>;

/** How a `many` entry orders and limits its rows, and which of their columns it answers. */
export type ManyOptions<K extends TableName, C extends keyof Tables[K] & string> = Pick<FindOptions<Tables[K]>, 'orderBy'> & {
  readonly limit?: number | PlanParam;
  readonly offset?: number | PlanParam;
  /**
   * The columns to answer (all when absent): a list reads what its form shows and no more. A
   * later entry may refer only to a column answered here.
   */
  readonly columns?: readonly C[];
  /**
   * Lock the rows found until the transaction ends, as `find`'s `lock` (`SELECT … FOR UPDATE`), in
   * the entry's order (id ascending unless told): inside a transaction only. A later entry referring to this one reads the rows as locked (their
   * newest version, when the lock waited for another writer); one reading the table on its own
   * reads the statement's snapshot.
   */
  readonly lock?: boolean;
};

export interface PlanMany<K extends TableName, C extends keyof Tables[K] & string = keyof Tables[K] & string> extends PlanFind<'many', K> {
  readonly options: ManyOptions<K, C>;
}

export type PlanCount<K extends TableName> = PlanFind<'count', K>;

/**
 * How a `tree` entry walks its table: a row's children are the rows whose `parent` column equals
 * its `child` column. `maxDepth` bounds the levels (the rows `where` matches are level 1), `limit`
 * the items answered (after ordering); `columns` projects each row as a `many`'s do.
 */
export interface TreeOptions<K extends TableName, C extends keyof Tables[K] & string> {
  readonly parent: keyof Tables[K] & string;
  readonly child: keyof Tables[K] & string;
  readonly maxDepth: number;
  readonly limit: number;
  readonly columns?: readonly C[];
}

export interface PlanTree<K extends TableName, C extends keyof Tables[K] & string = keyof Tables[K] & string> extends PlanFind<'tree', K> {
  readonly options: TreeOptions<K, C>;
}

/** A tree entry's options as an adapter reads them (`checkPlan` has seen that they are bounded). */
export interface TreeWalk {
  readonly parent: string;
  readonly child: string;
  readonly maxDepth: number;
  readonly limit: number;
  readonly columns?: readonly string[];
}

/**
 * How a `reach` entry walks its table: as a tree's (a row's children are the rows whose `parent`
 * equals its `child`), but with no bound: each value of `child` is followed once, so the walk ends
 * on any finite table, cycles included, and costs what the rows it reaches cost. `columns`
 * projects each row as a `many`'s do.
 */
export interface ReachOptions<K extends TableName, C extends keyof Tables[K] & string> {
  readonly parent: keyof Tables[K] & string;
  readonly child: keyof Tables[K] & string;
  readonly columns?: readonly C[];
}

export interface PlanReach<K extends TableName, C extends keyof Tables[K] & string = keyof Tables[K] & string> extends PlanFind<'reach', K> {
  readonly options: ReachOptions<K, C>;
}

/** A reach entry's options as an adapter reads them. */
export interface ReachWalk {
  readonly parent: string;
  readonly child: string;
  readonly columns?: readonly string[];
}

/** A row a tree reached, with the ids of the rows from level 1 down to it (itself last). */
export interface TreeItem<R> {
  readonly row: R;
  readonly path: number[];
}

/** Any entry, as an adapter reads it (each of `one`, `many`, `count`, `tree` and `reach` is one). */
export interface PlanEntry {
  readonly kind: 'one' | 'many' | 'count' | 'tree' | 'reach';
  readonly table: TableName;
  readonly where: Readonly<Record<string, unknown>>;
  readonly options?: {
    readonly orderBy?: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
    readonly limit?: number | PlanParam;
    readonly offset?: number | PlanParam;
    readonly columns?: readonly string[];
    readonly parent?: string;
    readonly child?: string;
    readonly maxDepth?: number;
    readonly lock?: boolean;
  };
}

/**
 * Reads that belong together, named: each entry is a find on one table whose conditions may name
 * a column of an earlier entry (`ref`). A plan is answered as one statement, so its entries see
 * one state of the data however many tables they read, without a transaction around them.
 */
export type Plan = Record<string, PlanEntry>;

/**
 * What a plan answers: a record or null for `one`, records for `many` and `reach`, a number for
 * `count`, items (a record and its path) for `tree`.
 */
export type PlanResult<P extends Plan> = {
  [E in keyof P]: P[E] extends PlanOne<infer K>
    ? Tables[K] | null
    : P[E] extends PlanMany<infer K, infer C>
      ? Pick<Tables[K], C>[]
      : P[E] extends PlanCount<TableName>
        ? number
        : P[E] extends PlanTree<infer K, infer C>
          ? Array<TreeItem<Pick<Tables[K], C>>>
          : P[E] extends PlanReach<infer K, infer C>
            ? Pick<Tables[K], C>[]
            : never;
};

/** The first row matching `where` (in id order). */
export const one = <K extends TableName>(table: K, where: PlanWhere<Tables[K]>): PlanOne<K> => ({ kind: 'one', table, where });

/** Every row matching `where`, ordered (id ascending unless told), limited and projected as `options` say. */
export const many = <K extends TableName, C extends keyof Tables[K] & string = keyof Tables[K] & string>(
  table: K,
  where: PlanWhere<Tables[K]> = {},
  options: ManyOptions<K, C> = {},
): PlanMany<K, C> => ({ kind: 'many', table, where, options });

/** How many rows match `where`. */
export const count = <K extends TableName>(table: K, where: PlanWhere<Tables[K]> = {}): PlanCount<K> => ({
  kind: 'count',
  table,
  where,
});

/**
 * Every row reachable from the rows matching `where`, one item per path: level n+1 is the rows
 * whose `parent` equals the `child` of a row at level n. A row already on its own path is neither
 * answered nor followed again (a cycle in the data ends there); a row reached along two paths is
 * answered twice. Items come in path order (element by element: depth first, siblings by id), at
 * most `limit` of them, at most `maxDepth` levels deep.
 */
export const tree = <K extends TableName, C extends keyof Tables[K] & string = keyof Tables[K] & string>(
  table: K,
  where: PlanWhere<Tables[K]>,
  options: TreeOptions<K, C>,
): PlanTree<K, C> => ({ kind: 'tree', table, where, options });

/**
 * Every distinct row reachable from the rows matching `where`, whatever the depth: those rows, and
 * the rows whose `parent` equals the `child` of a row reached. Unlike a tree's, the walk keeps no
 * paths and has no bound: it follows each `child` value once (a visited set), so it ends on any
 * finite data, a cycle in it included, at a cost linear in the rows reached, and a row reached
 * along many paths is answered once. Rows come in id order.
 */
export const reach = <K extends TableName, C extends keyof Tables[K] & string = keyof Tables[K] & string>(
  table: K,
  where: PlanWhere<Tables[K]>,
  options: ReachOptions<K, C>,
): PlanReach<K, C> => ({ kind: 'reach', table, where, options });

/** `column` of the plan's entry `entry`, which must come before the entry naming it. */
export const ref = (entry: string, column: string): PlanRef => ({ $ref: entry, column });

export function isPlanRef(value: unknown): value is PlanRef {
  return value !== null && typeof value === 'object' && typeof (value as { $ref?: unknown }).$ref === 'string';
}

/** The parameter `name`: a value given when the plan runs (see `PlanParam`). */
export const param = (name: string): PlanParam => ({ $param: name });

export function isPlanParam(value: unknown): value is PlanParam {
  return value !== null && typeof value === 'object' && typeof (value as { $param?: unknown }).$param === 'string';
}

/**
 * The value `given` stands for in a run with `args`: the argument when it is a parameter (refused
 * when missing or null, and for a list when it lists null), else `given` itself.
 */
export function argumentOf(given: unknown, args: PlanArgs | undefined): unknown {
  if (!isPlanParam(given)) return given;
  const value = args?.[given.$param];
  if (value === null || value === undefined || (Array.isArray(value) && value.some((item) => item === null || item === undefined))) {
    throw new Error(`plan parameter ${given.$param} was given no value`);
  }
  return value;
}

/** Every reference among `where`'s conditions, inside `$or` branches too. */
function refsIn(where: Readonly<Record<string, unknown>>): PlanRef[] {
  return Object.entries(where).flatMap(([column, condition]) => {
    if (column === '$or') return ((condition ?? []) as ReadonlyArray<Readonly<Record<string, unknown>>>).flatMap(refsIn);
    return isPlanRef(condition) ? [condition] : [];
  });
}

const isWholeFrom = (n: unknown, least: number) => Number.isInteger(n) && (n as number) >= least;

/** Plans already checked: a plan built once (with parameters) is checked once, however often it runs. */
const checked = new WeakSet<Plan>();

/**
 * Throws unless every reference names an earlier entry that answers rows and that column, every
 * tree is bounded and every tree and reach names its columns to walk: a plan is checked before it
 * is run.
 */
export function checkPlan(plan: Plan): void {
  if (checked.has(plan)) return;
  const seen = new Set<string>();
  for (const [name, entry] of Object.entries(plan)) {
    if (entry.kind === 'tree' && !(isWholeFrom(entry.options?.maxDepth, 1) && isWholeFrom(entry.options?.limit, 0))) {
      throw new Error(`plan entry ${name} is a tree without a maxDepth of at least 1 and a limit of at least 0`);
    }
    if ((entry.kind === 'tree' || entry.kind === 'reach') && !(typeof entry.options?.parent === 'string' && typeof entry.options.child === 'string')) {
      throw new Error(`plan entry ${name} is a ${entry.kind} without its parent and child columns`);
    }
    for (const condition of refsIn(entry.where)) {
      const target = plan[condition.$ref];
      if (!seen.has(condition.$ref) || !target || target.kind === 'count') {
        throw new Error(`plan entry ${name} refers to ${condition.$ref}, which is no earlier one, many, tree or reach`);
      }
      const answered = target.options?.columns;
      if (answered && !answered.includes(condition.column)) {
        throw new Error(`plan entry ${name} refers to ${condition.$ref}.${condition.column}, which that entry does not answer`);
      }
    }
    seen.add(name);
  }
  checked.add(plan);
}
