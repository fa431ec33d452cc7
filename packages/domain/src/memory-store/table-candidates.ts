import type { Row, Where } from '../ports';
import { schema } from '../schema';
import type { Table } from './memory-table';

/** The rows `where` could match: those it names by id, by a unique key or through an index, else all. */
export function candidates<T>(t: Table, where?: Where<T>): T[] {
  const conditions = where as Record<string, unknown> | undefined;
  const named = byId<T>(t.rows, conditions) ?? byUniqueKey<T>(t, conditions);
  if (named) return named;
  const indexed = t.byColumn.candidates(conditions);
  if (!indexed) return [...t.rows.values()] as T[];
  const rows: T[] = [];
  for (const id of indexed) {
    const row = t.rows.get(id);
    if (row) rows.push(row as T);
  }
  return rows;
}

/**
 * The row holding the values `where` gives every column of one of the table's unique keys (plain
 * values, no operator), or none: what a uniqueness check asks, answered from the unique index
 * instead of a scan. The other conditions are still matched by the caller.
 */
function byUniqueKey<T>(t: Table, where: Record<string, unknown> | undefined): T[] | null {
  if (!where) return null;
  for (const key of schema[t.name].unique) {
    if (!key.columns.every((column) => isPlainValue(where[column]))) continue;
    const id = t.unique.holder(key, where);
    const row = id === undefined ? undefined : t.rows.get(id);
    return row ? [row as T] : [];
  }
  return null;
}

/** The rows a condition on `id` alone can name (a number or an `$in` list): a lookup, not a scan. */
function byId<T>(rows: Map<number, Row>, where: Record<string, unknown> | undefined): T[] | null {
  if (!where) return null;
  // The common case first: exactly `{ id: n }`, one lookup and no lists made.
  const given = where.id;
  if (typeof given === 'number' && onlyKey(where, 'id')) {
    const row = rows.get(given);
    return row ? [row as T] : [];
  }
  if (given === null || typeof given !== 'object' || !onlyKey(where, 'id')) return null;
  const ids = (given as { $in?: unknown }).$in;
  if (!Array.isArray(ids) || Object.keys(given).length !== 1) return null;
  const found: T[] = [];
  for (const id of new Set(ids)) {
    const row = typeof id === 'number' ? rows.get(id) : undefined;
    if (row) found.push(row as T);
  }
  return found;
}

/** A value an equality compares with: not null, not an operator. */
function isPlainValue(value: unknown): boolean {
  return value !== null && value !== undefined && (typeof value !== 'object' || value instanceof Date);
}

/** Whether `key` is the only condition `where` sets. */
function onlyKey(where: Record<string, unknown>, key: string): boolean {
  for (const other in where) if (other !== key && where[other] !== undefined) return false;
  return true;
}
