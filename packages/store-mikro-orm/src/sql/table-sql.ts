import { canonicalDecimal, type TableName, type Tables } from '@pips/domain';
import { columnsOf, tableNames, type ColumnSpec } from '../table-specs';

export const quoteName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Everything the SQL of one table needs, worked out once per process rather than per query. */
export interface TableSql<K extends TableName = TableName> {
  readonly name: K;
  readonly quoted: string;
  readonly columns: readonly string[];
  readonly specs: ReadonlyMap<string, ColumnSpec>;
  /** `e."id", e."name", …` in declaration order (unqualified without an alias). */
  selectList(alias?: string): string;
  /** The columns as one JSON array, decimals as text so no digit is lost on the way; `extra` (SQL) last. */
  jsonRow(alias: string, extra?: string): string;
  /** A row in declaration order (from a result or a JSON array) as a fresh plain record. */
  readonly toRecord: (row: readonly unknown[]) => Tables[K];
  /** The same two for some of the columns, in the order given: what a plan entry naming its columns reads. */
  projection(columns: readonly string[]): Projection;
}

export interface Projection {
  jsonRow(alias: string, extra?: string): string;
  readonly toRecord: (row: readonly unknown[]) => Record<string, unknown>;
}

/** The conversion of one column's value in a compiled mapper; `v` is the raw value. */
function conversion(spec: ColumnSpec, v: string): string {
  switch (spec.kind) {
    case 'id':
    case 'integer':
    case 'float':
      return `(${v} === null ? null : +${v})`;
    // numeric arrives as text (`1.5000000000`); the domain speaks canonical decimals.
    case 'decimal':
      return `(${v} === null ? null : dec(${v}))`;
    // Kept as text by the driver (or given by JSON): one Date per value, never shared.
    case 'timestamp':
      return `(${v} === null ? null : new Date(${v}))`;
    default:
      return `(${v} === undefined ? null : ${v})`;
  }
}

/**
 * One function per table, generated from its column declarations: a row becomes a record with a
 * fixed shape in one pass, with no per-column lookup or switch at each row.
 */
function compileMapper<K extends TableName>(columns: ReadonlyArray<readonly [string, ColumnSpec]>): (row: readonly unknown[]) => Tables[K] {
  const body = columns.map(([column, spec], i) => `${JSON.stringify(column)}: ${conversion(spec, `r[${i}]`)}`).join(',\n');
  // Generated from our own column declarations only, never from data.
  const make = new Function('dec', `return function toRecord(r) {\n return {\n${body}\n };\n};`) as (
    dec: (text: string) => string,
  ) => (row: readonly unknown[]) => Tables[K];
  return make(canonicalDecimal);
}

const prefix = (alias?: string) => (alias ? `${alias}.` : '');

/**
 * The columns as one JSON array, decimals as text so no digit is lost on the way; `extra` (SQL)
 * after them, which a mapper reading the columns by position passes over.
 */
function jsonArray(columns: ReadonlyArray<readonly [string, ColumnSpec]>, alias: string, extra?: string): string {
  const values = columns.map(([c, spec]) => `${prefix(alias)}${quoteName(c)}${spec.kind === 'decimal' ? '::text' : ''}`);
  if (extra !== undefined) values.push(extra);
  return `json_build_array(${values.join(', ')})`;
}

function build<K extends TableName>(table: K): TableSql<K> {
  const columns = columnsOf(table);
  const names = columns.map(([column]) => column);
  const specs = new Map(columns);
  const lists = new Map<string, string>();
  const projections = new Map<string, Projection>();
  return {
    name: table,
    quoted: quoteName(table),
    columns: names,
    specs,
    selectList(alias = '') {
      let list = lists.get(alias);
      if (list === undefined) lists.set(alias, (list = names.map((c) => `${prefix(alias)}${quoteName(c)}`).join(', ')));
      return list;
    },
    jsonRow: (alias, extra) => jsonArray(columns, alias, extra),
    toRecord: compileMapper<K>(columns),
    projection(wanted) {
      const key = wanted.join(',');
      let found = projections.get(key);
      if (!found) {
        const chosen = wanted.map((column): [string, ColumnSpec] => {
          const spec = specs.get(column);
          if (!spec) throw new Error(`Unknown column ${table}.${column}`);
          return [column, spec];
        });
        const toRecord = compileMapper(chosen) as Projection['toRecord'];
        projections.set(key, (found = { jsonRow: (alias, extra) => jsonArray(chosen, alias, extra), toRecord }));
      }
      return found;
    },
  };
}

const all = new Map<TableName, TableSql>(tableNames.map((table) => [table, build(table)]));

export function tableSql<K extends TableName>(table: K): TableSql<K> {
  const found = all.get(table);
  if (!found) throw new Error(`Unknown table ${table}`);
  return found as unknown as TableSql<K>;
}
