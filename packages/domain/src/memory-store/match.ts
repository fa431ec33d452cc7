import { columnOf } from '../columns';
import { compareDecimal } from '../decimal';
import type { Condition, ConditionOperators, FindOptions, Where } from '../ports';
import type { TableName } from '../records';
import { foldCase } from './fold-case';

type Comparable = string | number | boolean | Date | null | undefined;

/**
 * Orders two values of one column as PostgreSQL does for its declared kind: decimals by value
 * (exactly, never through a float), text by code point (`collate "C"`) whatever it looks like.
 */
function compare(table: TableName, column: string, a: Comparable, b: Comparable): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (columnOf(table, column)?.kind === 'decimal') return compareDecimal(String(a), String(b));
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  return x < y ? -1 : x > y ? 1 : 0;
}

function isText(table: TableName, column: string): boolean {
  const kind = columnOf(table, column)?.kind;
  return kind === 'string' || kind === 'text';
}

function equal(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

/** Whether a column holds `expected`, as SQL's `=` and `IS NULL` say: decimals by value. */
export function holdsValue(table: TableName, column: string, value: unknown, expected: unknown): boolean {
  if (value !== null && value !== undefined && expected !== null && expected !== undefined && columnOf(table, column)?.kind === 'decimal') {
    return compareDecimal(String(value), String(expected)) === 0;
  }
  return equal(value, expected);
}

/** How each text operator compares the folded value with the folded term. */
const TEXT_MATCHES = {
  $contains: (value: string, term: string) => value.includes(term),
  $startsWith: (value: string, term: string) => value.startsWith(term),
  $endsWith: (value: string, term: string) => value.endsWith(term),
  $equalsText: (value: string, term: string) => value === term,
} as const;

function holds(table: TableName, column: string, value: Comparable, given: Condition<unknown>): boolean {
  if (given === null || typeof given !== 'object' || given instanceof Date) return equal(value, given);
  const condition = given as ConditionOperators;
  if (condition.$in) return condition.$in.some((c) => equal(value, c));
  if ('$ne' in condition) return !equal(value, condition.$ne);
  for (const [op, test] of Object.entries(TEXT_MATCHES) as Array<[keyof typeof TEXT_MATCHES, (v: string, t: string) => boolean]>) {
    const term = condition[op];
    if (term === undefined) continue;
    return isText(table, column) && typeof value === 'string' && test(foldCase(value), foldCase(term));
  }
  if (value === null || value === undefined) return false;
  const against = (op: keyof ConditionOperators) => compare(table, column, value, condition[op] as Comparable);
  if ('$gt' in condition) return against('$gt') > 0;
  if ('$gte' in condition) return against('$gte') >= 0;
  if ('$lt' in condition) return against('$lt') < 0;
  if ('$lte' in condition) return against('$lte') <= 0;
  return false;
}

export function matches<T>(table: TableName, row: T, where: Where<T> | undefined): boolean {
  if (!where) return true;
  const values = row as Record<string, Comparable>;
  const conditions = where as Record<string, unknown>;
  for (const column in conditions) {
    const condition = conditions[column];
    if (condition === undefined) continue;
    if (column === '$or') {
      if (!(condition as ReadonlyArray<Where<T>>).some((branch) => matches(table, row, branch))) return false;
    } else if (!holds(table, column, values[column], condition as Condition<unknown>)) return false;
  }
  return true;
}

/** Orders (default id ascending) and pages rows as the SQL store does. */
export function arrange<T extends { id: number }>(table: TableName, rows: T[], options: FindOptions<T> = {}): T[] {
  // One row or none is already in any order, and fits any page but one past it.
  if (rows.length <= 1 && !options.offset && options.limit !== 0) return rows;
  const order = options.orderBy;
  // By id, the default: rows come out of their map in the order they were stored, nearly sorted already.
  const byOrder = (a: T, b: T): number => {
    for (const [column, direction] of order ?? []) {
      const diff = compare(table, column, a[column] as Comparable, b[column] as Comparable);
      if (diff !== 0) return direction === 'asc' ? diff : -diff;
    }
    return a.id - b.id;
  };
  const sorted = [...rows].sort(order ? byOrder : (a, b) => a.id - b.id);
  const start = options.offset ?? 0;
  return sorted.slice(start, options.limit === undefined ? undefined : start + options.limit);
}
