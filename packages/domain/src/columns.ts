import { longerThan } from './characters';
import { fieldProblem, messages, type Problem } from './errors';
import type { TableName, Tables } from './records';

import { tables } from './tables/tables';
import type { ColumnSpec } from './tables/column';

import { STRING_LENGTH } from './tables/column';

export { STRING_LENGTH, type ColumnKind, type ColumnSpec } from './tables/column';

/** Every field of the record, no more and no less. */
export type TableSpec<K extends TableName> = { readonly [C in keyof Tables[K] & string]-?: ColumnSpec };

/** Each table's columns, from its declaration. */
export const columns = Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, table.columns])) as unknown as {
  readonly [K in TableName]: TableSpec<K>;
};

/** The spec of `table.column`; undefined for a column the table lacks. */
export function columnOf(table: TableName, column: string): ColumnSpec | undefined {
  return (columns[table] as Record<string, ColumnSpec | undefined>)[column];
}

/** A value `id` aside, which the store generates, a not-null column must be given. */
export function isNotNull(spec: ColumnSpec | undefined): boolean {
  return spec !== undefined && !spec.nullable && spec.kind !== 'id';
}

/**
 * `X can't be blank` for each not-null column `values` sets to null. On insert (`every`) a column
 * left out counts as null too; on update a left-out column stays as it is.
 */
export function blankNotNull(table: TableName, values: object, every = false): string[] {
  return blankNotNullProblems(table, values, every).map((problem) => problem.message);
}

/** The same, each naming its column as its field. */
export function blankNotNullProblems(table: TableName, values: object, every = false): Problem[] {
  const given = values as Record<string, unknown>;
  return Object.entries(columns[table] as Record<string, ColumnSpec>)
    .filter(([column, spec]) => isNotNull(spec) && (every || column in given) && (given[column] ?? null) === null)
    .map(([column]) => fieldProblem(column, messages.blank(column)));
}

/**
 * `X is too long (maximum is 255 characters)` for each string column `values` sets past
 * STRING_LENGTH characters: what PostgreSQL's varchar refuses (22001), named by column.
 */
export function tooLongColumns(table: TableName, values: object): string[] {
  const given = values as Record<string, unknown>;
  return Object.entries(columns[table] as Record<string, ColumnSpec>)
    .filter(([column, spec]) => spec.kind === 'string' && typeof given[column] === 'string')
    .filter(([column]) => longerThan(given[column] as string, STRING_LENGTH))
    .map(([column]) => messages.tooLong(column, STRING_LENGTH));
}
