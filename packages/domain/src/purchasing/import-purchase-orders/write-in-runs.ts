import type { Row, Tx } from '../../ports';
import { isInsertedId, isRead, writePlan, type WritePlan, type WriteStep } from '../../write-plan';

/**
 * What one written plan may hold: PostgreSQL takes at most 65,535 parameters in a statement (each
 * value a step writes is one) and answers at most 1,664 columns (one a step). A file of a few
 * hundred received lines has more steps than that.
 */
export interface StatementBudget {
  readonly values: number;
  readonly steps: number;
}

export const STATEMENT_BUDGET: StatementBudget = { values: 60_000, steps: 1_500 };

const valuesOf = (step: WriteStep): number => Object.keys(step.kind === 'insert' ? step.values : step.kind === 'update' ? step.patch : step.where).length;

/** `steps` in order, cut into runs each within `budget` (a step carrying more values is a run of its own). */
export function runsOf(steps: readonly WriteStep[], budget: StatementBudget = STATEMENT_BUDGET): WriteStep[][] {
  const runs: WriteStep[][] = [];
  let size = 0;
  for (const step of steps) {
    const values = valuesOf(step);
    if (runs.length === 0 || size + values > budget.values || runs.at(-1)!.length >= budget.steps) {
      runs.push([]);
      size = 0;
    }
    runs.at(-1)!.push(step);
    size += values;
  }
  return runs;
}

/** `step` with each reference to an insert an earlier run wrote replaced by that row's id. */
function withIds(step: WriteStep, ids: ReadonlyMap<string, number>): WriteStep {
  if (step.kind === 'delete') return step;
  const fill = (values: object) =>
    Object.fromEntries(Object.entries(values).map(([column, value]) => [column, isInsertedId(value) && ids.has(value.$inserted) ? ids.get(value.$inserted)! : value]));
  return step.kind === 'insert' ? { ...step, values: fill(step.values) as typeof step.values } : { ...step, patch: fill(step.patch) as typeof step.patch };
}

/**
 * Writes `plan` as one statement when it fits in one, else as several in its order, in the
 * caller's transaction (so still all or nothing): a later run names an earlier run's inserts by
 * the ids they were given. Answers each read step's rows, by the plan's own steps.
 */
export async function writeInRuns(tx: Tx, plan: WritePlan, budget: StatementBudget = STATEMENT_BUDGET): Promise<Map<WriteStep, Row[]>> {
  const ids = new Map<string, number>();
  const rows = new Map<WriteStep, Row[]>();
  for (const run of runsOf(plan.steps, budget)) {
    const steps = run.map((step) => withIds(step, ids));
    const written = await tx.write(writePlan(steps));
    steps.forEach((step, i) => {
      if (!isRead(step)) return;
      const stepRows = written.rows(step) as Row[];
      rows.set(run[i]!, stepRows);
      if (step.kind === 'insert' && step.name !== undefined) ids.set(step.name, (stepRows[0] as { id: number }).id);
    });
  }
  return rows;
}
