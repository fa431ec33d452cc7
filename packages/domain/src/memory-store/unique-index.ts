import { columnOf } from '../columns';
import { canonicalDecimal } from '../decimal';
import type { Row } from '../ports';
import type { TableName } from '../records';
import { schema } from '../schema';

/** A unique key as the index reads it: its name and columns. */
interface Key {
  readonly name: string;
  readonly columns: readonly string[];
}

/**
 * Each unique key's values → the id of the row holding them, so a write checks its keys without
 * reading every row (the store would otherwise slow down with the square of its size). Values
 * compare as the SQL store compares them: decimals by value, text exactly.
 */
export interface UniqueIndex {
  /** The id of the row holding `candidate`'s values of `key`; undefined when none does or one is null. */
  holder(key: Key, candidate: object): number | undefined;
  add(row: Row): void;
  remove(row: Row): void;
}

export function uniqueIndex(table: TableName): UniqueIndex {
  const keys: readonly Key[] = schema[table].unique;
  const maps = new Map<string, Map<string, number>>(keys.map((key) => [key.name, new Map()]));

  const textOf = (key: Key, row: object): string | null => {
    const values: unknown[] = [];
    for (const column of key.columns) {
      const value = (row as Record<string, unknown>)[column];
      if (value === null || value === undefined) return null;
      const kind = columnOf(table, column)?.kind;
      values.push(kind === 'decimal' ? canonicalDecimal(String(value)) : value instanceof Date ? value.getTime() : value);
    }
    return JSON.stringify(values);
  };

  return {
    holder(key, candidate) {
      const text = textOf(key, candidate);
      return text === null ? undefined : maps.get(key.name)?.get(text);
    },
    add(row) {
      for (const key of keys) {
        const text = textOf(key, row);
        if (text !== null) maps.get(key.name)?.set(text, row.id);
      }
    },
    remove(row) {
      for (const key of keys) {
        const text = textOf(key, row);
        const map = maps.get(key.name);
        if (text !== null && map?.get(text) === row.id) map.delete(text);
      }
    },
  };
}
