import type { Row } from '../ports';
import type { TableName } from '../records';
import { schema } from '../schema';

/**
 * Rows by the value of each reference column (integer ids): what PostgreSQL's index on every
 * reference gives, so finding a part's quotes or a batch's revisions reads those rows, not the
 * whole table.
 */
export interface ColumnIndex {
  add(row: Row): void;
  remove(row: Row): void;
  /** Ids of the rows a condition on one indexed column can hold (a value or `$in`); null when no column helps. */
  candidates(where: Readonly<Record<string, unknown>> | undefined): Set<number> | null;
}

/** The values an equality or `$in` on an integer column names; null for any other condition. */
function namedValues(given: unknown): readonly unknown[] | null {
  if (typeof given === 'number') return [given];
  if (given === null || typeof given !== 'object' || given instanceof Date) return null;
  const operators = Object.keys(given);
  const list = (given as { $in?: unknown }).$in;
  return operators.length === 1 && Array.isArray(list) ? list : null;
}

export function columnIndex(table: TableName): ColumnIndex {
  const columns = schema[table].references.map((reference) => reference.column);
  const maps = new Map<string, Map<number, Set<number>>>(columns.map((column) => [column, new Map()]));
  const valueOf = (row: Row, column: string) => (row as unknown as Record<string, unknown>)[column];

  return {
    add(row) {
      for (const [column, map] of maps) {
        const value = valueOf(row, column);
        if (typeof value !== 'number') continue;
        let ids = map.get(value);
        if (!ids) map.set(value, (ids = new Set()));
        ids.add(row.id);
      }
    },
    remove(row) {
      for (const [column, map] of maps) {
        const value = valueOf(row, column);
        if (typeof value === 'number') map.get(value)?.delete(row.id);
      }
    },
    candidates(where) {
      if (!where) return null;
      for (const [column, map] of maps) {
        const values = namedValues(where[column]);
        if (!values) continue;
        // A null in an `$in` names rows the index does not hold: scan instead.
        if (values.some((value) => typeof value !== 'number')) continue;
        const ids = new Set<number>();
        for (const value of values) for (const id of map.get(value as number) ?? []) ids.add(id);
        return ids;
      }
      return null;
    },
  };
}
