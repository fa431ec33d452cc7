import { matchingRows } from './matching-rows';
import { createParams } from './params';
import { quoteName, type TableSql } from './table-sql';
import { orderSql, pageSql, whereSql, type Order, type Page } from './where-sql';

/** SQL text and its parameters. Equal shapes give equal text, so a statement is prepared once. */
export interface Statement {
  readonly text: string;
  readonly values: ReadonlyArray<string | null>;
}

export function selectStatement(t: TableSql, where: object | undefined, options?: Order & Page & { lock?: boolean }): Statement {
  const params = createParams();
  const condition = whereSql(t, 'e', where, params);
  // A locking read names its rows exactly; it is never a search, so it reads the table itself.
  const rows = options?.lock ? `${t.quoted} e WHERE ${condition}` : matchingRows(t, where, condition, options);
  const text =
    `SELECT ${t.selectList('e')} FROM ${rows} ORDER BY ${orderSql(t, 'e', options)}` + pageSql(options, params) + (options?.lock ? ' FOR UPDATE' : '');
  return { text, values: params.values };
}

export function countStatement(t: TableSql, where: object | undefined): Statement {
  const params = createParams();
  const condition = whereSql(t, 'e', where, params);
  return { text: `SELECT count(*)::int4 FROM ${t.quoted} e WHERE ${condition}`, values: params.values };
}

/** The table's own columns of `values` that are set (undefined is "leave it"; the id is the database's). */
export function writtenColumns(t: TableSql, values: object): Array<[string, unknown]> {
  const source = values as Record<string, unknown>;
  const out: Array<[string, unknown]> = [];
  for (const column of t.columns) {
    if (column === 'id' || source[column] === undefined) continue;
    out.push([column, source[column]]);
  }
  return out;
}

export function insertStatement(t: TableSql, values: object): Statement & { written: Record<string, unknown> } {
  const params = createParams();
  const entries = writtenColumns(t, values);
  const names = entries.map(([column]) => quoteName(column)).join(', ');
  const placeholders = entries.map(([, value]) => params.add(value)).join(', ');
  const text =
    entries.length === 0
      ? `INSERT INTO ${t.quoted} DEFAULT VALUES RETURNING ${t.selectList()}`
      : `INSERT INTO ${t.quoted} (${names}) VALUES (${placeholders}) RETURNING ${t.selectList()}`;
  return { text, values: params.values, written: Object.fromEntries(entries) };
}

/** Null when `patch` sets nothing (the row is then read as it is). */
export function updateStatement(t: TableSql, id: number, patch: object): (Statement & { written: Record<string, unknown> }) | null {
  const entries = writtenColumns(t, patch);
  if (entries.length === 0) return null;
  const params = createParams();
  const sets = entries.map(([column, value]) => `${quoteName(column)} = ${params.add(value)}`).join(', ');
  const text = `UPDATE ${t.quoted} SET ${sets} WHERE "id" = ${params.add(id)} RETURNING ${t.selectList()}`;
  return { text, values: params.values, written: Object.fromEntries(entries) };
}

export function deleteStatement(t: TableSql, where: object): Statement {
  const params = createParams();
  const condition = whereSql(t, 'e', where, params);
  return { text: `DELETE FROM ${t.quoted} e WHERE ${condition}`, values: params.values };
}
