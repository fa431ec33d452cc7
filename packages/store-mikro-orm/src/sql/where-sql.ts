import type { ConditionOperators, PlanParam, PlanRef } from '@pips/domain';
import { isPlanParam, isPlanRef } from '@pips/domain';
import type { ColumnSpec } from '../table-specs';
import type { Params } from './params';
import { quoteName, type TableSql } from './table-sql';

/** How a plan reference reads in SQL: the entry's CTE, and whether it holds one row or many. */
export type RefSql = (ref: PlanRef) => { cte: string; single: boolean };

/** The ordering and paging of a find, whatever its table. */
export interface Order {
  readonly orderBy?: ReadonlyArray<readonly [string, 'asc' | 'desc']>;
}
export interface Page {
  readonly limit?: number | PlanParam;
  readonly offset?: number | PlanParam;
}

const isText = (spec: ColumnSpec) => spec.kind === 'string' || spec.kind === 'text';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Each text operator as an ILIKE pattern around its escaped term: ILIKE, never `lower(x) = …`,
 * so a trigram index on the column serves all four (`$equalsText` is a pattern with no wildcard).
 */
const TEXT_PATTERNS = {
  $contains: (term: string) => `%${term}%`,
  $startsWith: (term: string) => `${term}%`,
  $endsWith: (term: string) => `%${term}`,
  $equalsText: (term: string) => term,
} as const;

const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function isOperators(given: unknown): given is ConditionOperators {
  return given !== null && typeof given === 'object' && !(given instanceof Date) && !isPlanParam(given);
}

/**
 * One column's condition, with the memory store's semantics: null is a value (`$ne: 5` keeps nulls,
 * `$in` may list null), a range never matches null, text compares by code point, and only the
 * first operator counts.
 */
function condition(column: string, spec: ColumnSpec, given: unknown, params: Params, refs: RefSql | undefined, inOr: boolean): string {
  if (isPlanRef(given)) {
    if (!refs) throw new Error('a plan reference outside a plan');
    const { cte, single } = refs(given);
    const source = `(SELECT r.${quoteName(given.column)} FROM ${cte} r)`;
    if (single) return `${column} = ${source}`;
    // Inside OR, `IN (subquery)` is a filter no index serves, so the whole OR would read every row;
    // `= ANY(ARRAY(subquery))` is computed once and then looked up in the column's index.
    return inOr ? `${column} = ANY(ARRAY${source})` : `${column} IN ${source}`;
  }
  // A parameter never stands for null (the domain refuses one when the plan runs).
  if (!isOperators(given)) return given === null ? `${column} IS NULL` : `${column} = ${params.add(given)}`;
  if (isPlanParam(given.$in)) return `${column} = ANY(${params.addArray(given.$in, spec)})`;
  if (given.$in) {
    const values = given.$in.filter((v) => v !== null && v !== undefined);
    const withNull = values.length < given.$in.length;
    const some = values.length > 0 ? `${column} = ANY(${params.addArray(values, spec)})` : 'FALSE';
    return withNull ? `(${some} OR ${column} IS NULL)` : some;
  }
  if ('$ne' in given) {
    const value = given.$ne ?? null;
    return value === null ? `${column} IS NOT NULL` : `(${column} <> ${params.add(value)} OR ${column} IS NULL)`;
  }
  for (const [op, pattern] of Object.entries(TEXT_PATTERNS) as Array<[keyof typeof TEXT_PATTERNS, (term: string) => string]>) {
    const term: unknown = given[op];
    if (term === undefined) continue;
    return isText(spec) ? `${column} ILIKE ${params.add(term, (text) => pattern(escapeLike(text as string)))}` : 'FALSE';
  }
  for (const [op, sql] of Object.entries(RANGE) as Array<[keyof typeof RANGE, string]>) {
    if (!(op in given)) continue;
    const value = given[op] ?? null;
    // The memory store orders null below everything: `> null` is "not null", `< null` nothing.
    if (value === null) return op === '$gt' || op === '$gte' ? `${column} IS NOT NULL` : 'FALSE';
    return `${column}${isText(spec) ? ' COLLATE "C"' : ''} ${sql} ${params.add(value)}`;
  }
  return 'FALSE';
}

/** Whether `where` holds a text operator, in an `$or` branch too. */
export function searchesText(where: object | undefined): boolean {
  return Object.entries(where ?? {}).some(([column, given]) =>
    column === '$or'
      ? ((given ?? []) as readonly object[]).some(searchesText)
      : isOperators(given) && Object.keys(TEXT_PATTERNS).some((op) => given[op as keyof typeof TEXT_PATTERNS] !== undefined),
  );
}

/** The WHERE condition of `where` on `t` (aliased `alias`), its values added to `params`. */
export function whereSql(t: TableSql, alias: string, where: object | undefined, params: Params, refs?: RefSql): string {
  return conjunction(t, alias, where, params, refs, false);
}

/** Whether `given`, as the condition on `id`, names rows by their key: a value, a parameter, or a list of either. */
function namesRowsById(given: unknown): boolean {
  if (given === null || given === undefined || isPlanRef(given)) return false;
  if (!isOperators(given)) return true;
  return Object.keys(given).length === 1 && given.$in !== undefined;
}

/**
 * `where`'s conditions AND-ed; `inOr` when it is a branch of an `$or`, however deep. When the top
 * level names its rows by id, every other condition is a filter on the rows the primary key finds
 * (`(…) IS TRUE`, which no index serves and which keeps exactly the rows the bare condition keeps):
 * on a table PostgreSQL has not analysed (a new database, or an embedded one, which runs no
 * autovacuum) the planner otherwise may look a unit up through `(part_id, serial_number)`, reading
 * every unit of its part, as it did a guard's (docs/decisions.md, "Writes as plans").
 */
function conjunction(t: TableSql, alias: string, where: object | undefined, params: Params, refs: RefSql | undefined, inOr: boolean): string {
  const parts: string[] = [];
  const byId = !inOr && namesRowsById((where as { id?: unknown } | undefined)?.id);
  for (const [column, given] of Object.entries(where ?? {})) {
    if (given === undefined) continue;
    const filter = (sql: string) => (byId && column !== 'id' ? `(${sql}) IS TRUE` : sql);
    if (column === '$or') {
      const branches = (given as readonly object[]).map((branch) => `(${conjunction(t, alias, branch, params, refs, true)})`);
      parts.push(branches.length === 0 ? 'FALSE' : filter(`(${branches.join(' OR ')})`));
      continue;
    }
    const spec = t.specs.get(column);
    if (!spec) throw new Error(`Unknown column ${t.name}.${column}`);
    parts.push(filter(condition(`${alias}.${quoteName(column)}`, spec, given, params, refs, inOr)));
  }
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
}

/**
 * ORDER BY as the memory store sorts: nulls lowest, strings by code point, ties by id ascending.
 * A column that holds no null says nothing of nulls, so an index on it serves the order either way.
 */
export function orderSql(t: TableSql, alias: string, options: Order | undefined): string {
  const order = options?.orderBy ?? [];
  const clauses = order.map(([column, direction]) => {
    const spec = t.specs.get(column);
    if (!spec) throw new Error(`Unknown column ${t.name}.${column}`);
    const key = `${alias}.${quoteName(column)}${isText(spec) ? ' COLLATE "C"' : ''}`;
    if (!spec.nullable) return direction === 'asc' ? `${key} ASC` : `${key} DESC`;
    return direction === 'asc' ? `${key} ASC NULLS FIRST` : `${key} DESC NULLS LAST`;
  });
  if (!order.some(([column]) => column === 'id')) clauses.push(`${alias}."id" ASC`);
  return clauses.join(', ');
}

/** LIMIT and OFFSET as parameters, so pages share one prepared statement. */
export function pageSql(options: Page | undefined, params: Params): string {
  let sql = '';
  if (options?.limit !== undefined) sql += ` LIMIT ${params.add(options.limit)}`;
  if (options?.offset) sql += ` OFFSET ${params.add(options.offset)}`;
  return sql;
}
