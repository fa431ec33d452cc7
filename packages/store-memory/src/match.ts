import { compareDecimal, type Condition, type FindOptions, type Where } from '@pips/domain';

type Comparable = string | number | boolean | Date | null | undefined;

function scalar(value: unknown): Comparable {
  return value as Comparable;
}

function compare(a: Comparable, b: Comparable): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  // Exactly, never through a float: 30-digit decimals that differ past the 17th digit must still order.
  if (typeof x === 'string' && typeof y === 'string' && isDecimalText(x) && isDecimalText(y)) return compareDecimal(x, y);
  return x < y ? -1 : x > y ? 1 : 0;
}

function isDecimalText(text: string): boolean {
  return /^-?\d+\.\d+$/.test(text);
}

function equal(a: unknown, b: unknown): boolean {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return (a ?? null) === (b ?? null);
}

interface Operators {
  $in?: readonly unknown[];
  $ne?: unknown;
  $contains?: string;
  $gt?: unknown;
  $gte?: unknown;
  $lt?: unknown;
  $lte?: unknown;
}

function holds(value: unknown, given: Condition<unknown>): boolean {
  if (given === null || typeof given !== 'object' || given instanceof Date) return equal(value, given);
  const condition = given as Operators;
  if (condition.$in) return condition.$in.some((c) => equal(value, c));
  if ('$ne' in condition) return !equal(value, condition.$ne);
  if (condition.$contains !== undefined) {
    const needle = condition.$contains.toLowerCase();
    return typeof value === 'string' && value.toLowerCase().includes(needle);
  }
  if (value === null || value === undefined) return false;
  if ('$gt' in condition) return compare(scalar(value), scalar(condition.$gt)) > 0;
  if ('$gte' in condition) return compare(scalar(value), scalar(condition.$gte)) >= 0;
  if ('$lt' in condition) return compare(scalar(value), scalar(condition.$lt)) < 0;
  if ('$lte' in condition) return compare(scalar(value), scalar(condition.$lte)) <= 0;
  return false;
}

export function matches<T>(row: T, where: Where<T> | undefined): boolean {
  if (!where) return true;
  return Object.entries(where).every(([column, condition]) =>
    condition === undefined ? true : holds((row as Record<string, unknown>)[column], condition as Condition<unknown>),
  );
}

/** Orders (default id ascending) and pages rows as the SQL store does. */
export function arrange<T extends { id: number }>(rows: T[], options: FindOptions<T> = {}): T[] {
  const order = options.orderBy ?? [['id', 'asc'] as const];
  const sorted = [...rows].sort((a, b) => {
    for (const [column, direction] of order) {
      const diff = compare(scalar(a[column as keyof T]), scalar(b[column as keyof T]));
      if (diff !== 0) return direction === 'asc' ? diff : -diff;
    }
    return a.id - b.id;
  });
  const start = options.offset ?? 0;
  return sorted.slice(start, options.limit === undefined ? undefined : start + options.limit);
}
