import { forwardReferences, isInsertedId, isRead, referencesOf, type Row, type WritePlan, type WriteStep } from '@pips/domain';
import { writtenColumns } from './statements';
import { tableSql } from './table-sql';
import { unreadTail } from './unread-inserts';

/**
 * What one statement of a plan may hold: PostgreSQL binds at most 65,535 parameters in a statement
 * and answers at most 1,664 columns; a budget below both leaves room for what is not counted.
 */
export interface StatementBudget {
  readonly values: number;
  readonly columns: number;
}

export const STATEMENT_BUDGET: StatementBudget = { values: 60_000, columns: 1_500 };

/** The values a step binds, counted high: each value one (a list each of its items), an update's id and expected values twice over. */
function valuesOf(step: WriteStep): number {
  const count = (values: object) => Object.values(values).reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : 1), 0);
  if (step.kind === 'insert') return count(step.values);
  if (step.kind === 'delete') return count(step.where);
  return count(step.patch) + count(step.expected ?? {}) + 2;
}

/** The unread inserts written as one multi-row insert whatever the cut: they answer no column. */
const tailOf = (plan: WritePlan): Set<WriteStep> =>
  new Set([...unreadTail(plan, (step) => writtenColumns(tableSql(step.table), step.values).map(([column]) => column)).values()].flat());

/** The columns a step adds to its statement's answer: an update's guard verdict and rows, another step's rows or count. */
const columnsOf = (step: WriteStep, tail: ReadonlySet<WriteStep>): number => (tail.has(step) ? 0 : step.kind === 'update' ? 2 : 1);

/**
 * Where `plan` may not be cut: between a step naming an insert that comes later and that insert
 * (its id is drawn in the statement that writes both, and the reference checked at its end).
 */
function joinedBefore(plan: WritePlan): boolean[] {
  const joined = plan.steps.map(() => false);
  const forward = forwardReferences(plan);
  const firstUse = new Map<string, number>();
  plan.steps.forEach((step, i) => {
    if (step.kind === 'delete') return;
    for (const name of referencesOf(step.kind === 'insert' ? step.values : step.patch)) if (forward.has(name) && !firstUse.has(name)) firstUse.set(name, i);
    if (step.kind !== 'insert' || step.name === undefined || !firstUse.has(step.name)) return;
    for (let k = firstUse.get(step.name)! + 1; k <= i; k++) joined[k] = true;
  });
  return joined;
}

/**
 * `plan`'s steps in order, cut into runs each within `budget` (a step larger than it is a run of
 * its own), never between a reference and the later insert it names: such a stretch larger than
 * the budget stays one run, which PostgreSQL may refuse.
 */
export function runsOf(plan: WritePlan, budget: StatementBudget = STATEMENT_BUDGET): WriteStep[][] {
  // Nearly every plan fits at once even counting each step at its most: no need to look for where not to cut.
  if (plan.steps.length * 2 <= budget.columns && plan.steps.reduce((sum, step) => sum + valuesOf(step), 0) <= budget.values) return [[...plan.steps]];
  const tail = tailOf(plan);
  const joined = joinedBefore(plan);
  const runs: WriteStep[][] = [];
  let values = 0;
  let columns = 0;
  plan.steps.forEach((step, i) => {
    const v = valuesOf(step);
    const c = columnsOf(step, tail);
    if (runs.length === 0 || (!joined[i] && (values + v > budget.values || columns + c > budget.columns))) {
      runs.push([]);
      values = 0;
      columns = 0;
    }
    runs.at(-1)!.push(step);
    values += v;
    columns += c;
  });
  return runs;
}

/** `step` with each reference to an insert an earlier run wrote replaced by that row's id. */
export function withIds(step: WriteStep, ids: ReadonlyMap<string, number>): WriteStep {
  if (step.kind === 'delete') return step;
  const fill = (values: object) =>
    Object.fromEntries(Object.entries(values).map(([column, value]) => [column, isInsertedId(value) && ids.has(value.$inserted) ? ids.get(value.$inserted)! : value]));
  return step.kind === 'insert' ? { ...step, values: fill(step.values) as typeof step.values } : { ...step, patch: fill(step.patch) as typeof step.patch };
}

/** The id a named insert of a run was given, for later runs to write (`writePlan` refuses a name on an unread insert). */
export function namedIds(run: readonly WriteStep[], steps: ReadonlyArray<readonly Row[]>, ids: Map<string, number>): void {
  run.forEach((step, i) => {
    if (step.kind === 'insert' && step.name !== undefined && isRead(step)) ids.set(step.name, (steps[i]![0] as { id: number }).id);
  });
}
