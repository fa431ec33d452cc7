import { checkPlan, type Plan, type PlanResult } from '@pips/domain';
import { createParams } from './params';
import type { Statement } from './statements';
import { tableSql } from './table-sql';
import { orderSql, pageSql, whereSql, type Order, type Page, type RefSql } from './where-sql';

/**
 * A whole plan as one statement: each entry a CTE (`p0`, `p1`, …, never a table's name). The first
 * entry that reads rows is the main one: its rows come back as the statement's rows (the cheapest
 * form, for PostgreSQL to write and the driver to read); every other entry is one more column of
 * the first row, as a JSON array of rows (decimals as text, so no digit passes through a float)
 * or a count. A left join from one row keeps that first row when the main entry finds nothing.
 * One statement is one snapshot: the entries agree without a transaction around them.
 */
export function planStatement(plan: Plan): Statement & { read(rows: readonly unknown[][]): PlanResult<Plan> } {
  checkPlan(plan);
  const params = createParams();
  const entries = Object.entries(plan);
  const cteOf = new Map(entries.map(([name, entry], i) => [name, { cte: `p${i}`, single: entry.kind === 'one' }]));
  const refs: RefSql = (ref) => cteOf.get(ref.$ref)!;
  const main = entries.findIndex(([, entry]) => entry.kind !== 'count');
  const ctes: string[] = [];
  const extras: string[] = [];
  entries.forEach(([, entry], i) => {
    const t = tableSql(entry.table);
    const cte = `p${i}`;
    const condition = whereSql(t, 'e', entry.where, params, refs);
    if (entry.kind === 'count') {
      ctes.push(`${cte} AS (SELECT count(*)::int4 AS n FROM ${t.quoted} e WHERE ${condition})`);
      extras.push(`(SELECT n FROM ${cte})`);
      return;
    }
    const options: Order & Page = entry.kind === 'many' ? (entry.options ?? {}) : { limit: 1 };
    ctes.push(
      `${cte} AS (SELECT ${t.selectList('e')} FROM ${t.quoted} e WHERE ${condition} ` +
        `ORDER BY ${orderSql(t, 'e', options)}${pageSql(options, params)})`,
    );
    if (i !== main) extras.push(`(SELECT json_agg(${t.jsonRow('x')} ORDER BY ${orderSql(t, 'x', options)}) FROM ${cte} x)`);
  });
  const mainTable = main < 0 ? null : tableSql(entries[main]![1].table);
  const mainOptions: Order = main < 0 ? {} : (entries[main]![1].options ?? {});
  // Other entries ride on the first row only; uncorrelated, each is computed once.
  const extraColumns = extras.map((sql) => `CASE WHEN m."#" = 1 THEN ${sql} END`);
  const from = mainTable
    ? `(SELECT 1) one LEFT JOIN (SELECT x.*, row_number() OVER (ORDER BY ${orderSql(mainTable, 'x', mainOptions)}) AS "#" ` +
      `FROM p${main} x) m ON TRUE`
    : `(SELECT 1 AS "#") m`;
  const columns = [...(mainTable ? [mainTable.selectList('m')] : []), ...extraColumns];
  const text = `WITH ${ctes.join(', ')} SELECT ${columns.join(', ')} FROM ${from} ORDER BY m."#"`;
  const width = mainTable?.columns.length ?? 0;
  const idAt = mainTable?.columns.indexOf('id') ?? -1;
  return {
    text,
    values: params.values,
    read(rows) {
      const first = rows[0] ?? [];
      const result: Record<string, unknown> = {};
      let extra = width;
      entries.forEach(([name, entry], i) => {
        const toRecord = tableSql(entry.table).toRecord;
        if (i === main) {
          // The left join's row of nulls (no id) stands for "nothing found".
          const found = rows.filter((row) => row[idAt] !== null && row[idAt] !== undefined).map(toRecord);
          result[name] = entry.kind === 'one' ? (found[0] ?? null) : found;
          return;
        }
        const value = first[extra++];
        if (entry.kind === 'count') {
          result[name] = Number(value ?? 0);
          return;
        }
        const found = ((value ?? []) as unknown[][]).map(toRecord);
        result[name] = entry.kind === 'one' ? (found[0] ?? null) : found;
      });
      return result as PlanResult<Plan>;
    },
  };
}
