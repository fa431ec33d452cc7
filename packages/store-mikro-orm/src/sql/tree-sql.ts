import type { PlanEntry, TreeItem, TreeWalk } from '@pips/domain';
import type { Params } from './params';
import { quoteName, tableSql } from './table-sql';
import { whereSql, type RefSql } from './where-sql';

/** The column a tree's CTEs keep each row's path in (ids from level 1 down, as `int4[]`): no table has it. */
const PATH = '"~path"';

/** A tree entry's part of a plan statement: its CTEs, its answer and how that answer is read. */
export interface TreeSql {
  readonly ctes: readonly string[];
  readonly output: string;
  read(value: unknown): Array<TreeItem<Record<string, unknown>>>;
}

/**
 * A tree entry as two CTEs: `<cte>_walk` walks the table recursively (a row whose id is already on
 * the path is not joined, and no path grows past `maxDepth`), and `<cte>` keeps the first `limit`
 * items in path order (`int4[]` compares element by element), which is what later entries refer
 * to and what is answered: each item one JSON array, the row's columns and then its path.
 * The plan's statement must then begin `WITH RECURSIVE`.
 */
export function treeSql(entry: PlanEntry, cte: string, params: Params, refs: RefSql): TreeSql {
  const t = tableSql(entry.table);
  const { parent, child, maxDepth, limit, columns } = entry.options as TreeWalk;
  for (const column of [parent, child]) if (!t.specs.has(column)) throw new Error(`Unknown column ${t.name}.${column}`);
  const walk = `${cte}_walk`;
  const start = whereSql(t, 'e', entry.where, params, refs);
  const ctes = [
    `${walk} AS (SELECT ${t.selectList('e')}, ARRAY[e."id"]::int4[] AS ${PATH} FROM ${t.quoted} e WHERE ${start} ` +
      `UNION ALL SELECT ${t.selectList('e')}, w.${PATH} || e."id" FROM ${walk} w ` +
      `JOIN ${t.quoted} e ON e.${quoteName(parent)} = w.${quoteName(child)} ` +
      `WHERE NOT e."id" = ANY(w.${PATH}) AND cardinality(w.${PATH}) < ${params.add(maxDepth)})`,
    `${cte} AS (SELECT * FROM ${walk} ORDER BY ${PATH} LIMIT ${params.add(limit)})`,
  ];
  const shape = columns ? t.projection(columns) : t;
  return {
    ctes,
    output: `(SELECT json_agg(${shape.jsonRow('x', `x.${PATH}`)} ORDER BY x.${PATH}) FROM ${cte} x)`,
    read: (value) =>
      ((value ?? []) as unknown[][]).map((item) => ({ row: shape.toRecord(item) as Record<string, unknown>, path: item[item.length - 1] as number[] })),
  };
}
