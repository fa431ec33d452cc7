import { checkPlan, type Plan, type PlanArgs, type PlanResult } from '@pips/domain';
import { matchingRows } from './matching-rows';
import { createParams } from './params';
import type { Statement } from './statements';
import { tableSql } from './table-sql';
import { reachSql } from './reach-sql';
import { readShapeOf, withSlots } from './read-shape';
import { treeSql } from './tree-sql';
import { orderSql, pageSql, whereSql, type Order, type Page, type RefSql } from './where-sql';

/** A plan made into SQL once: its text, its placeholders' values for a run, and how its answer reads. */
export interface CompiledPlan {
  readonly text: string;
  bind(args: PlanArgs | undefined): Array<string | null>;
  read(row: readonly unknown[]): PlanResult<Plan>;
}

/**
 * Plans already compiled, by identity: a plan the domain builds once with its parameters is made
 * into SQL once (and its text, the same string each time, is looked up among the prepared
 * statements without being hashed again), with the values written into it, if any.
 */
const compiled = new WeakMap<Plan, { plan: CompiledPlan; slots: readonly unknown[] }>();

/** Plans compiled by shape (`readShapeOf`): a plan built for one call, its values in it, finds the statement of the plans like it. */
const byShape = new Map<string, CompiledPlan>();
/** The most shapes kept: a process reads with a few hundred; past this, a new shape is compiled each time. */
const MAX_SHAPES = 2000;

/** `plan`'s statement for a run with `args`, compiling the plan on the first run of its shape. */
export function planStatement(plan: Plan, args?: PlanArgs): Statement & Pick<CompiledPlan, 'read'> {
  let found = compiled.get(plan);
  if (!found) compiled.set(plan, (found = compileShaped(plan)));
  return { text: found.plan.text, values: found.plan.bind(withSlots(args, found.slots)), read: found.plan.read };
}

/** `plan` compiled, or the statement of the plans of its shape, with the values it binds. */
function compileShaped(plan: Plan): { plan: CompiledPlan; slots: readonly unknown[] } {
  const shape = readShapeOf(plan);
  if (!shape) return { plan: compilePlan(plan), slots: [] };
  let made = byShape.get(shape.key);
  if (!made) {
    made = compilePlan(shape.shadow);
    if (byShape.size < MAX_SHAPES) byShape.set(shape.key, made);
  }
  return { plan: made, slots: shape.slots };
}

/**
 * A whole plan as one statement: each entry a CTE (`p0`, `p1`, …, never a table's name), and one
 * row whose columns are the entries, each as a JSON array of rows in declaration order (or a
 * count). One statement is one snapshot: the entries agree without a transaction around them.
 * A tree or reach entry walks recursively, so a plan holding one begins `WITH RECURSIVE`.
 */
export function compilePlan(plan: Plan): CompiledPlan {
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
    if (entry.kind === 'tree' || entry.kind === 'reach') {
      const walk = entry.kind === 'tree' ? treeSql(entry, cte, params, refs) : reachSql(entry, cte, params, refs);
      ctes.push(...walk.ctes);
      outputs.push(walk.output);
      readers.push(walk.read);
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
    // Order matters inside the CTE only to choose a page; the answer orders its rows itself, and a
    // reference only asks which values are there. An order it does not need costs PostgreSQL a
    // sort node a CTE (measured: a part show's statement ran in 150 µs rather than 250).
    const paged = options.limit !== undefined || options.offset !== undefined;
    // A locking read names its rows exactly, as a locking find does: the table itself, never a search's subquery.
    const lock = entry.kind === 'many' && entry.options?.lock === true;
    const rows = lock ? `${t.quoted} e WHERE ${condition}` : matchingRows(t, entry.where, condition, options);
    ctes.push(
      `${cte} AS (SELECT ${t.selectList('e')} FROM ${rows}` +
        // A locking read orders its rows too: PostgreSQL locks them in that order, so two commands never take them in opposite orders.
        (paged || lock ? ` ORDER BY ${orderSql(t, 'e', options)}${pageSql(options, params)}` : '') +
        (lock ? ' FOR UPDATE)' : ')'),
    );
    // The CTE keeps every column (later entries and the order may name any); the answer only those asked for.
    const shape = entry.options?.columns ? t.projection(entry.options.columns) : t;
    outputs.push(`(SELECT json_agg(${shape.jsonRow('x')} ORDER BY ${orderSql(t, 'x', options)}) FROM ${cte} x)`);
    readers.push((value) => {
      const rows = (value ?? []) as unknown[][];
      return entry.kind === 'one' ? (rows[0] ? shape.toRecord(rows[0]) : null) : rows.map(shape.toRecord);
    });
  });
  const recursive = entries.some(([, entry]) => entry.kind === 'tree' || entry.kind === 'reach') ? 'RECURSIVE ' : '';
  const text = `WITH ${recursive}${ctes.join(', ')} SELECT ${outputs.join(', ')}`;
  return {
    text,
    bind: params.bind,
    read(row) {
      return Object.fromEntries(entries.map(([name], i) => [name, readers[i]!(row[i])])) as PlanResult<Plan>;
    },
  };
}
