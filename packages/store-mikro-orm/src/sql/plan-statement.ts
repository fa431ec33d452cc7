import { checkPlan, type Plan, type PlanResult } from '@pips/domain';
import { createParams } from './params';
import type { Statement } from './statements';
import { tableSql } from './table-sql';
import { orderSql, pageSql, whereSql, type Order, type Page, type RefSql } from './where-sql';

/**
 * A whole plan as one statement: each entry a CTE (`p0`, `p1`, …, never a table's name), and one
 * row whose columns are the entries, each as a JSON array of rows in declaration order (or a
 * count). One statement is one snapshot: the entries agree without a transaction around them.
 */
export function planStatement(plan: Plan): Statement & { read(row: readonly unknown[]): PlanResult<Plan> } {
  checkPlan(plan);
  const params = createParams();
  const entries = Object.entries(plan);
  const cteOf = new Map(entries.map(([name, entry], i) => [name, { cte: `p${i}`, single: entry.kind === 'one' }]));
  const refs: RefSql = (ref) => cteOf.get(ref.$ref)!;
  const ctes: string[] = [];
  const outputs: string[] = [];
  entries.forEach(([, entry], i) => {
    const t = tableSql(entry.table);
    const cte = `p${i}`;
    const condition = whereSql(t, 'e', entry.where, params, refs);
    if (entry.kind === 'count') {
      ctes.push(`${cte} AS (SELECT count(*)::int4 AS n FROM ${t.quoted} e WHERE ${condition})`);
      outputs.push(`(SELECT n FROM ${cte})`);
      return;
    }
    const options: Order & Page = entry.kind === 'many' ? (entry.options ?? {}) : { limit: 1 };
    ctes.push(
      `${cte} AS (SELECT ${t.selectList('e')} FROM ${t.quoted} e WHERE ${condition} ` +
        `ORDER BY ${orderSql(t, 'e', options)}${pageSql(options, params)})`,
    );
    // The CTE keeps every column (later entries and the order may name any); the answer only those asked for.
    const shape = entry.options?.columns ? t.projection(entry.options.columns) : t;
    outputs.push(`(SELECT json_agg(${shape.jsonRow('x')} ORDER BY ${orderSql(t, 'x', options)}) FROM ${cte} x)`);
  });
  const text = `WITH ${ctes.join(', ')} SELECT ${outputs.join(', ')}`;
  return {
    text,
    values: params.values,
    read(row) {
      const result: Record<string, unknown> = {};
      entries.forEach(([name, entry], i) => {
        const value = row[i];
        if (entry.kind === 'count') {
          result[name] = Number(value);
          return;
        }
        const rows = (value ?? []) as unknown[][];
        const t = tableSql(entry.table);
        const toRecord = entry.options?.columns ? t.projection(entry.options.columns).toRecord : t.toRecord;
        result[name] = entry.kind === 'one' ? (rows[0] ? toRecord(rows[0]) : null) : rows.map(toRecord);
      });
      return result as PlanResult<Plan>;
    },
  };
}

