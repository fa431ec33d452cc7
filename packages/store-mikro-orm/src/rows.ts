import { canonicalDecimal, type TableName, type Tables } from '@pips/domain';
import { columnsOf, type ColumnSpec } from './table-specs';

function read(spec: ColumnSpec, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (spec.kind) {
    case 'id':
    case 'integer':
    case 'float':
      return Number(value);
    // numeric arrives as text (`1.5000000000`); the domain speaks canonical decimals.
    case 'decimal':
      return canonicalDecimal(String(value));
    case 'timestamp':
      return value instanceof Date ? new Date(value.getTime()) : new Date(String(value));
    default:
      return value;
  }
}

/** A fresh plain record with exactly the table's fields, whatever the driver handed back. */
export function toRecord<K extends TableName>(table: K, row: Record<string, unknown>): Tables[K] {
  const record: Record<string, unknown> = {};
  for (const [column, spec] of columnsOf(table)) record[column] = read(spec, row[column]);
  return record as unknown as Tables[K];
}

/** The writable columns of `values`: no id, nothing undefined, nothing the table lacks. */
export function toColumns(table: TableName, values: object): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const source = values as Record<string, unknown>;
  for (const [column, spec] of columnsOf(table)) {
    if (spec.kind === 'id' || source[column] === undefined) continue;
    data[column] = source[column];
  }
  return data;
}
