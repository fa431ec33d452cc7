import type { TableName } from '@pips/domain';
import { columns, type ColumnSpec } from '@pips/domain/storage';

export type { ColumnKind, ColumnSpec, TableSpec } from '@pips/domain/storage';

/** The domain's column declarations, which the SQL mapping (entities, rows, filters) follows. */
export const tableSpecs = columns;

export const tableNames = Object.keys(tableSpecs) as TableName[];

export function columnsOf(table: TableName): ReadonlyArray<readonly [string, ColumnSpec]> {
  return Object.entries(tableSpecs[table] as Record<string, ColumnSpec>);
}
