import { columns } from '../columns';
import type { Row } from '../ports';
import type { TableName } from '../records';
import { columnIndex, type ColumnIndex } from './column-index';
import { uniqueIndex, type UniqueIndex } from './unique-index';

/** One table of the memory store: its rows by id, its indexes, and how a stored row is copied out. */
export interface Table {
  name: TableName;
  rows: Map<number, Row>;
  lastId: number;
  unique: UniqueIndex;
  byColumn: ColumnIndex;
  clone: <T>(row: T) => T;
}

export function newTable(name: TableName): Table {
  return { name, rows: new Map(), lastId: 0, unique: uniqueIndex(name), byColumn: columnIndex(name), clone: rowCloner(name) };
}

/** Stores `row` (replacing the one with its id), keeping the unique index in step. */
export function put(t: Table, row: Row): void {
  const previous = t.rows.get(row.id);
  if (previous) {
    t.unique.remove(previous);
    t.byColumn.remove(previous);
  }
  t.rows.set(row.id, row);
  t.unique.add(row);
  t.byColumn.add(row);
}

export function drop(t: Table, id: number): void {
  const previous = t.rows.get(id);
  if (!previous) return;
  t.unique.remove(previous);
  t.byColumn.remove(previous);
  t.rows.delete(id);
}

/** A copy sharing nothing with the stored row: rows hold only primitives and Dates. */
export function clone<T>(value: T): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const key in copy) {
    const field = copy[key];
    if (field instanceof Date) copy[key] = new Date(field.getTime());
  }
  return copy as T;
}

/**
 * `clone` for a stored row of `table`, whose Dates are its timestamp columns: a copy, then a fresh
 * Date for each of those, without looking at every field (reads copy every row they answer).
 */
function rowCloner(table: TableName): <T>(row: T) => T {
  const timestamps = Object.entries(columns[table] as Record<string, { kind: string }>)
    .filter(([, spec]) => spec.kind === 'timestamp')
    .map(([column]) => column);
  return <T>(row: T): T => {
    const copy = { ...row } as Record<string, unknown>;
    for (const column of timestamps) {
      const field = copy[column];
      if (field instanceof Date) copy[column] = new Date(field.getTime());
    }
    return copy as T;
  };
}
