import { forwardReferences, isInsertedId, isRead, type InsertStep, type PlanArgs, type Row, type WritePlan, type WriteStep } from '@pips/domain';
import type { Written } from '../translate-error';
import { arrayType, createParams, type Params } from './params';
import { writtenColumns, type Statement } from './statements';
import { quoteName, tableSql, type TableSql } from './table-sql';
import { unreadTail } from './unread-inserts';
import { whereSql } from './where-sql';
import { shapeOf } from './write-shape';

/** A write plan as one statement, and how its one row reads. */
export interface WriteStatement extends Statement {
  /** What each insert and update step wrote (by step), for the errors that name no column. */
  readonly written: ReadonlyArray<Written | undefined>;
  /** The first update step whose row was gone or changed (the plan then wrote nothing), or each step's rows. */
  read(row: readonly unknown[]): { stale: WriteStep } | { steps: Row[][] };
}

/** A plan's statement text, its parameters to bind, and where its answer holds what. */
export interface CompiledWrite {
  readonly text: string;
  readonly params: Params;
  /** The step of each guard, in the answer's order. */
  readonly guards: readonly number[];
  /** Where each step's rows are in the answer's row: none for an unread insert. */
  readonly columnOf: ReadonlyArray<number | undefined>;
}

/** The most shapes kept: a process writes a few dozen; past this, a plan's text is made each time. */
const MAX_SHAPES = 1000;
const compiled = new Map<string, CompiledWrite>();

/** The SQL type a value is cast to where no column gives it one (`INSERT … SELECT`). */
const scalarType = (t: TableSql, column: string): string => arrayType(t.specs.get(column)!).slice(0, -2);

/**
 * `plan` as one writable-CTE statement (`compileWrite`), its text made once per shape of plan
 * (`shapeOf`) and kept, so a command's next write only binds its values: the same text also finds
 * its prepared statement at once.
 */
export function writeStatement(plan: WritePlan): WriteStatement {
  const shape = shapeOf(plan);
  let statement = shape && compiled.get(shape.key);
  if (!statement) {
    statement = compileWrite(shape?.shadow ?? plan);
    if (shape && compiled.size < MAX_SHAPES) compiled.set(shape.key, statement);
  }
  const { text, params, guards, columnOf } = statement;
  let written: Array<Written | undefined> | undefined;
  return {
    text,
    // A shape's parameters are numbered by slot; a plan without one holds its values itself.
    values: params.bind(shape?.slots as PlanArgs | undefined),
    // Only an error reads it.
    get written() {
      return (written ??= plan.steps.map((step) =>
        step.kind === 'delete' ? undefined : { table: step.table, values: plainValues(tableSql(step.table), step.kind === 'insert' ? step.values : step.patch) },
      ));
    },
    read(row) {
      const failed = guards.findIndex((_, g) => row[g] !== true);
      if (failed >= 0) return { stale: plan.steps[guards[failed]!]! };
      return {
        steps: plan.steps.map((step, i) => {
          const column = columnOf[i];
          return column === undefined ? [] : ((row[column] ?? []) as unknown[][]).map((values) => tableSql(step.table).toRecord(values));
        }),
      };
    },
  };
}

/**
 * `plan` as one writable-CTE statement: one round trip, and atomic as any statement is. A plan
 * larger than PostgreSQL's limits on one statement comes here cut into runs (`runsOf`).
 *
 * Each update first locks its row by id and checks it in a guard CTE (`g0`, …: the `expected`
 * values, compared as a `Where` compares, are the row's verdict). Every step (`s0`, …) writes only
 * when every guard found its row holding them, so a stale row leaves the whole plan unwritten, and
 * the answer says which guard failed.
 * A step reads an earlier insert's id from that insert's CTE, and a later insert's from the CTE that
 * drew it from its sequence first; references are checked at the statement's end, so rows may point
 * at each other. All sub-statements see the snapshot
 * the statement began with, which is why `writePlan` refuses a step touching a row an earlier one
 * updated. The answer is one row: each guard's verdict, then each step's rows as a JSON array (an
 * unread insert sends no row back: see `unreadTail`).
 */
export function compileWrite(plan: WritePlan): CompiledWrite {
  const params = createParams();
  const ctes: string[] = [];
  const guards: Array<{ cte: string; step: number }> = [];
  plan.steps.forEach((step, i) => {
    if (step.kind !== 'update') return;
    const t = tableSql(step.table);
    // The row is found by its id alone and the expected values are its verdict, not its filter:
    // so the planner can only take the primary key (it took a wider index the values matched,
    // reading every row of it), and, the lock having waited, the verdict is on the row as committed.
    const fresh = whereSql(t, 'e', step.expected, params);
    ctes.push(`g${i} AS (SELECT ${fresh} AS "fresh" FROM ${t.quoted} e WHERE e."id" = ${params.add(step.id)} FOR UPDATE)`);
    guards.push({ cte: `g${i}`, step: i });
  });
  const holds = (cte: string) => `EXISTS (SELECT 1 FROM ${cte} WHERE "fresh")`;
  const gate = guards.map(({ cte }) => holds(cte)).join(' AND ');
  // The CTE each named insert's id is read from: its own, or for an insert named before it comes,
  // one drawing its id from the table's sequence first (`d0`, …), which the insert then writes.
  const inserted = new Map<string, string>();
  const forward = forwardReferences(plan);
  plan.steps.forEach((step, i) => {
    if (step.kind !== 'insert' || step.name === undefined || !forward.has(step.name)) return;
    const t = tableSql(step.table);
    ctes.push(`d${i} AS (SELECT nextval(pg_get_serial_sequence('${t.quoted}', 'id'))::int4 AS "id")`);
    inserted.set(step.name, `d${i}`);
  });
  const idOf = (value: unknown) => (isInsertedId(value) ? `(SELECT "id" FROM ${inserted.get(value.$inserted)!})` : undefined);
  const outputs: string[] = [];
  const columnOf: Array<number | undefined> = [];
  const tail = unreadTail(plan, (step) => writtenColumns(tableSql(step.table), step.values).map(([column]) => column));
  const inTail = new Set([...tail.values()].flat());
  plan.steps.forEach((step, i) => {
    const t = tableSql(step.table);
    if (inTail.has(step as InsertStep)) return void columnOf.push(undefined);
    const cte = `s${i}`;
    const drawn = step.kind === 'insert' && step.name !== undefined && forward.has(step.name) ? `d${i}` : undefined;
    ctes.push(`${cte} AS (${stepSql(t, step, params, idOf, gate, drawn)})`);
    if (step.kind === 'insert' && step.name !== undefined && !drawn) inserted.set(step.name, cte);
    // The answer names every other step's CTE in plan order, so PostgreSQL writes them in that order;
    // an unread insert among them is only counted, its row not sent back.
    columnOf.push(isRead(step) ? guards.length + outputs.length : undefined);
    outputs.push(isRead(step) ? `(SELECT json_agg(${t.jsonRow('x')} ORDER BY x."id") FROM ${cte} x)` : `(SELECT count(*) FROM ${cte})`);
  });
  [...tail.values()].forEach((steps, k) => ctes.push(`u${k} AS (${tailSql(tableSql(steps[0]!.table), steps, params, idOf, gate)})`));
  const verdicts = guards.map(({ cte }) => holds(cte));
  return {
    // A plan of unread inserts alone answers one column all the same.
    text: `WITH ${ctes.join(', ')} SELECT ${[...verdicts, ...outputs].join(', ') || 'NULL'}`,
    params,
    guards: guards.map(({ step }) => step),
    columnOf,
  };
}

/** The values of a step that are not an earlier insert's id. */
function plainValues(t: TableSql, values: object): Record<string, unknown> {
  return Object.fromEntries(writtenColumns(t, values).filter(([, value]) => !isInsertedId(value)));
}

function stepSql(t: TableSql, step: WriteStep, params: Params, idOf: (value: unknown) => string | undefined, gate: string, drawn?: string): string {
  const gated = (condition: string) => (gate ? `${condition} AND ${gate}` : condition);
  if (step.kind === 'delete') return `DELETE FROM ${t.quoted} e WHERE ${gated(whereSql(t, 'e', step.where, params))} RETURNING ${t.selectList()}`;
  if (step.kind === 'update') {
    const entries = writtenColumns(t, step.patch);
    const where = gated(`e."id" = ${params.add(step.id)}`);
    if (entries.length === 0) return `SELECT ${t.selectList('e')} FROM ${t.quoted} e WHERE ${where}`;
    const sets = entries.map(([column, value]) => `${quoteName(column)} = ${idOf(value) ?? params.add(value)}`).join(', ');
    return `UPDATE ${t.quoted} e SET ${sets} WHERE ${where} RETURNING ${t.selectList()}`;
  }
  const entries = writtenColumns(t, step.values);
  if (entries.length === 0) throw new Error(`An insert into ${t.name} in a write plan sets no column`);
  const names = [...(drawn ? ['"id"'] : []), ...entries.map(([column]) => quoteName(column))].join(', ');
  const values = [...(drawn ? [`(SELECT "id" FROM ${drawn})`] : []), ...typedValues(t, entries, params, idOf)].join(', ');
  // An unread insert returns only its id: for a later step to read, and for the answer to count.
  const answer = isRead(step) ? t.selectList() : '"id"';
  return `INSERT INTO ${t.quoted} (${names}) SELECT ${values}${gate ? ` WHERE ${gate}` : ''} RETURNING ${answer}`;
}

/** A SELECT's values have no column to take their type from, so each says its own. */
function typedValues(t: TableSql, entries: Array<[string, unknown]>, params: Params, idOf: (value: unknown) => string | undefined): string[] {
  return entries.map(([column, value]) => idOf(value) ?? `${params.add(value)}::${scalarType(t, column)}`);
}

/** Unread inserts into one table as one statement, its rows in plan order, answering nothing. */
function tailSql(t: TableSql, steps: readonly InsertStep[], params: Params, idOf: (value: unknown) => string | undefined, gate: string): string {
  const rows = steps.map((step) => writtenColumns(t, step.values));
  if (rows[0]!.length === 0) throw new Error(`An insert into ${t.name} in a write plan sets no column`);
  const names = rows[0]!.map(([column]) => quoteName(column)).join(', ');
  const values = rows.map((entries) => `(${typedValues(t, entries, params, idOf).join(', ')})`).join(', ');
  return `INSERT INTO ${t.quoted} (${names}) SELECT * FROM (VALUES ${values}) v${gate ? ` WHERE ${gate}` : ''}`;
}
