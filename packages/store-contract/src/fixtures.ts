import { type NewRow, type TableName, type Tables } from '@pips/domain';
import { columnOf, columns, isNotNull, schema, type ColumnSpec } from '@pips/domain/storage';

const tableNames = Object.keys(columns) as TableName[];

/** Reference columns that may not be null: only a stored parent can supply them (`seed` does). */
type RequiredReference<K extends TableName> = {
  [C in keyof Tables[K] & string]: C extends `${string}_id` ? (null extends Tables[K][C] ? never : C) : never;
}[keyof Tables[K] & string];

/** A valid row of table K, minus the references only a stored parent can supply. */
export type Base<K extends TableName> = Omit<NewRow<Tables[K]>, RequiredReference<K>>;

/** A fixed instant with milliseconds, so a store that drops them is caught. */
export const instant = new Date('2024-05-06T07:08:09.123Z');

/** `instant` moved by `ms` milliseconds. */
export const at = (ms: number): Date => new Date(instant.getTime() + ms);

let serial = 0;
/** A value no other fixture uses, so default rows never clash on a unique key. */
export const uniqueText = (prefix: string): string => `${prefix} ${++serial}`;

/** A value of `spec`'s kind that every store must accept; unique where a key might need it. */
function sample(table: TableName, column: string, spec: ColumnSpec, keyed: boolean): unknown {
  // A nullable column of a unique key holds a value, so the key has something to refuse.
  if (spec.nullable && !(keyed && (spec.kind === 'string' || spec.kind === 'text'))) return null;
  switch (spec.kind) {
    case 'string':
    case 'text':
      return uniqueText(`${table} ${column}`);
    case 'integer':
      return 1;
    case 'decimal':
      return '1.0';
    case 'float':
      return 1.5;
    case 'boolean':
      return true;
    case 'timestamp':
      return at(0);
    case 'id':
      return undefined;
  }
}

/**
 * A builder of valid rows for `table`, derived from its declared columns: nulls where a column may
 * be null, except text a unique key covers.
 */
function fixtureOf<K extends TableName>(table: K): () => Base<K> {
  const keyed = new Set<string>(schema[table].unique.flatMap((key) => key.columns));
  const required = new Set(schema[table].references.filter((r) => isNotNull(columnOf(table, r.column))).map((r) => r.column));
  const cols = Object.entries(columns[table] as Record<string, ColumnSpec>).filter(
    ([column, spec]) => spec.kind !== 'id' && !required.has(column),
  );
  return () => Object.fromEntries(cols.map(([column, spec]) => [column, sample(table, column, spec, keyed.has(column))])) as Base<K>;
}

/** Builders of valid rows, every column given, one per declared table. */
export const fixtures = Object.fromEntries(tableNames.map((table) => [table, fixtureOf(table)])) as {
  readonly [K in TableName]: () => Base<K>;
};
