import { raw, type QueryOrderMap } from '@mikro-orm/core';
import type { ConditionOperators, FindOptions, TableName, Where } from '@pips/domain';
import type { RowEntity } from './entities';
import { tableSpecs, type ColumnSpec } from './table-specs';

/** A MikroORM filter on one table; keys are column names (or raw fragments). */
export type Filter = Record<string | symbol, unknown>;

/** Matches no row (MikroORM renders it `1 = 0`); fresh each time, as MikroORM may rewrite filters it is given. */
const nothing = (): Filter => ({ id: { $in: [] } });

const isText = (spec: ColumnSpec) => spec.kind === 'string' || spec.kind === 'text';

/** Strings compare by code point, as the memory store (and JavaScript) does, whatever the database collation. */
const byCodePoint = (column: string) => raw((alias: string) => `${alias}."${column}" collate "C"`);

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const RANGE = ['$gt', '$gte', '$lt', '$lte'] as const;

function isOperators(given: unknown): given is ConditionOperators {
  return given !== null && typeof given === 'object' && !(given instanceof Date);
}

/**
 * One column's condition, with the memory store's semantics: null is a value (`$ne: 5` keeps nulls,
 * `$in` may list null), a range never matches null, and only the first operator counts.
 */
function condition(column: string, spec: ColumnSpec, given: unknown): Filter {
  if (!isOperators(given)) return { [column]: given };
  if (given.$in) {
    const values = given.$in.filter((v) => v !== null && v !== undefined);
    const withNull = values.length < given.$in.length;
    const some: Filter = values.length > 0 ? { [column]: { $in: values } } : nothing();
    return withNull ? { $or: [some, { [column]: null }] } : some;
  }
  if ('$ne' in given) {
    const value = given.$ne ?? null;
    return value === null ? { [column]: { $ne: null } } : { $or: [{ [column]: { $ne: value } }, { [column]: null }] };
  }
  if (given.$contains !== undefined) {
    if (!isText(spec)) return nothing();
    return { [column]: { $ilike: `%${escapeLike(given.$contains)}%` } };
  }
  for (const op of RANGE) {
    if (!(op in given)) continue;
    const value = given[op] ?? null;
    // The memory store orders null below everything: `> null` is "not null", `< null` nothing.
    if (value === null) return op === '$gt' || op === '$gte' ? { [column]: { $ne: null } } : nothing();
    return isText(spec) ? { [byCodePoint(column)]: { [op]: value } } : { [column]: { [op]: value } };
  }
  return nothing();
}

export function toFilter<K extends TableName>(table: K, where: Where<unknown> | undefined): Filter {
  const specs = tableSpecs[table] as Record<string, ColumnSpec | undefined>;
  const parts: Filter[] = [];
  for (const [column, given] of Object.entries(where ?? {})) {
    if (given === undefined) continue;
    const spec = specs[column];
    if (!spec) throw new Error(`Unknown column ${table}.${column}`);
    parts.push(condition(column, spec, given));
  }
  return parts.length === 0 ? {} : { $and: parts };
}

/** ORDER BY as the memory store sorts: nulls lowest, strings by code point, ties by id ascending. */
export function toOrderBy<K extends TableName>(
  table: K,
  options: FindOptions<unknown> | undefined,
): QueryOrderMap<RowEntity>[] {
  const specs = tableSpecs[table] as Record<string, ColumnSpec | undefined>;
  const order = options?.orderBy ?? [];
  const clauses: Filter[] = order.map(([column, direction]) => {
    const spec = specs[column];
    if (!spec) throw new Error(`Unknown column ${table}.${column}`);
    const key = isText(spec) ? byCodePoint(column) : column;
    return { [key]: direction === 'asc' ? 'asc nulls first' : 'desc nulls last' };
  });
  if (!order.some(([column]) => column === 'id')) clauses.push({ id: 'asc' });
  return clauses as QueryOrderMap<RowEntity>[];
}
