import { checkPlan, type Plan, type PlanResult } from '@pips/domain';
import { matchingRows } from './matching-rows';
import { createParams } from './params';
import type { Statement } from './statements';
import { tableSql } from './table-sql';
import { treeSql } from './tree-sql';
import { orderSql, pageSql, whereSql, type Order, type Page, type RefSql } from './where-sql';

/**
 * A whole plan as one statement: each entry a CTE (`p0`, `p1`, …, never a table's name), and one
 * row whose columns are the entries, each as a JSON array of rows in declaration order (or a
 * count). One statement is one snapshot: the entries agree without a transaction around them.
 * A tree entry walks recursively, so a plan holding one begins `WITH RECURSIVE`.
 */
export function planStatement(plan: Plan): Statement & { read(row: readonly unknown[]): PlanResult<Plan> } {
  checkPlan(plan);
  const params = createParams();
  const entries = Object.entries(plan);
  const cteOf = new Map(entries.map(([name, entry], i) => [name, { cte: `p${i}`, single: entry.kind === 'one' }]));
  const refs: RefSql = (ref) => cteOf.get(ref.$ref)!;
  const ctes: string[] = [];
  const outputs: string[] = [];
  const readers: Array<(value: unknown) => unknown> = [];
  entries.forEach(([, entry], i) => {
    const cte = `p${i}`;
    if (entry.kind === 'tree') {
      const tree = treeSql(entry, cte, params, refs);
      ctes.push(...tree.ctes);
      outputs.push(tree.output);
      readers.push(tree.read);
      return;
    }
    const t = tableSql(entry.table);
    const condition = whereSql(t, 'e', entry.where, params, refs);
    if (entry.kind === 'count') {
      ctes.push(`${cte} AS (SELECT count(*)::int4 AS n FROM ${t.quoted} e WHERE ${condition})`);
      outputs.push(`(SELECT n FROM ${cte})`);
      readers.push(Number);
      return;
    }
    const options: Order & Page = entry.kind === 'many' ? (entry.options ?? {}) : { limit: 1 };
    ctes.push(
      `${cte} AS (SELECT ${t.selectList('e')} FROM ${matchingRows(t, entry.where, condition, options)} ` +
        `ORDER BY ${orderSql(t, 'e', options)}${pageSql(options, params)})`,
    );
    // The CTE keeps every column (later entries and the order may name any); the answer only those asked for.
    const shape = entry.options?.columns ? t.projection(entry.options.columns) : t;
    outputs.push(`(SELECT json_agg(${shape.jsonRow('x')} ORDER BY ${orderSql(t, 'x', options)}) FROM ${cte} x)`);
    readers.push((value) => {
      const rows = (value ?? []) as unknown[][];
      return entry.kind === 'one' ? (rows[0] ? shape.toRecord(rows[0]) : null) : rows.map(shape.toRecord);
    });
  });
  const recursive = entries.some(([, entry]) => entry.kind === 'tree') ? 'RECURSIVE ' : '';
  const text = `WITH ${recursive}${ctes.join(', ')} SELECT ${outputs.join(', ')}`;
  return {
    text,
    values: params.values,
    read(row) {
      return Object.fromEntries(entries.map(([name], i) => [name, readers[i]!(row[i])])) as PlanResult<Plan>;
    },
  };
}
