import type { ConditionOperators, PlanRef } from '@pips/domain';
import { isPlanRef } from '@pips/domain';
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
  readonly limit?: number;
  readonly offset?: number;
}

const isText = (spec: ColumnSpec) => spec.kind === 'string' || spec.kind === 'text';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const RANGE = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

function isOperators(given: unknown): given is ConditionOperators {
  return given !== null && typeof given === 'object' && !(given instanceof Date);
}

/**
 * One column's condition, with the memory store's semantics: null is a value (`$ne: 5` keeps nulls,
 * `$in` may list null), a range never matches null, text compares by code point, and only the
 * first operator counts.
 */
function condition(column: string, spec: ColumnSpec, given: unknown, params: Params, refs?: RefSql): string {
  if (isPlanRef(given)) {
    if (!refs) throw new Error('a plan reference outside a plan');
    const { cte, single } = refs(given);
    const source = `(SELECT r.${quoteName(given.column)} FROM ${cte} r)`;
    return single ? `${column} = ${source}` : `${column} IN ${source}`;
  }
  if (!isOperators(given)) return given === null ? `${column} IS NULL` : `${column} = ${params.add(given)}`;
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
  if (given.$contains !== undefined) {
    return isText(spec) ? `${column} ILIKE ${params.add(`%${escapeLike(given.$contains)}%`)}` : 'FALSE';
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

/** The WHERE condition of `where` on `t` (aliased `alias`), its values added to `params`. */
export function whereSql(t: TableSql, alias: string, where: object | undefined, params: Params, refs?: RefSql): string {
  const parts: string[] = [];
  for (const [column, given] of Object.entries(where ?? {})) {
    if (given === undefined) continue;
    const spec = t.specs.get(column);
    if (!spec) throw new Error(`Unknown column ${t.name}.${column}`);
    parts.push(condition(`${alias}.${quoteName(column)}`, spec, given, params, refs));
  }
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
}

/** ORDER BY as the memory store sorts: nulls lowest, strings by code point, ties by id ascending. */
export function orderSql(t: TableSql, alias: string, options: Order | undefined): string {
  const order = options?.orderBy ?? [];
  const clauses = order.map(([column, direction]) => {
    const spec = t.specs.get(column);
    if (!spec) throw new Error(`Unknown column ${t.name}.${column}`);
    const key = `${alias}.${quoteName(column)}${isText(spec) ? ' COLLATE "C"' : ''}`;
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
