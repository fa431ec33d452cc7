import { errors } from '../errors';
import type { NewRow, Repository, Row, Where } from '../ports';
import type { TableName } from '../records';
import { forwardReferences, isInsertedId, isRead, writtenRows, type WritePlan, type WrittenRows } from '../write-plan';
import { holdsValue } from './match';
import type { Table } from './memory-table';

/** A step to take back when the transaction, or the plan, fails. */
export type Undo = () => void;

/** An insert a plan makes: an id it drew first (a row named before it comes), and reference checks put off to the plan's end. */
export type PlannedInsert<T extends Row> = (values: NewRow<T>, drawn?: number, deferred?: Array<() => void>) => T;

/** What a plan is written through: the store's tables, and its repositories (whose checks every step passes). */
export interface InPlace {
  table(name: TableName): Table;
  repository(name: TableName, undo: Undo[]): Repository<Row> & { insertRow: PlannedInsert<Row> };
}

/**
 * `plan`'s steps in place, through the repositories' own checks; when one fails, the steps
 * before it are undone at once, so the plan leaves nothing even if the caller goes on.
 */
export async function writePlanInPlace(plan: WritePlan, undo: Undo[], { table, repository }: InPlace): Promise<WrittenRows> {
  const own: Undo[] = [];
  const ids = new Map<string, number>();
  // An insert another step names before it comes has its id drawn first, as its sequence would give it.
  const forward = forwardReferences(plan);
  for (const step of plan.steps) {
    if (step.kind !== 'insert' || step.name === undefined || !forward.has(step.name)) continue;
    const t = table(step.table);
    t.lastId += 1;
    ids.set(step.name, t.lastId);
  }
  const deferred: Array<() => void> = [];
  const resolved = (values: object) =>
    Object.fromEntries(Object.entries(values).map(([column, value]) => [column, isInsertedId(value) ? ids.get(value.$inserted) : value]));
  try {
    const answers: Row[][] = [];
    for (const step of plan.steps) {
      const repo = repository(step.table, own);
      if (step.kind === 'insert') {
        const drawn = step.name === undefined ? undefined : ids.get(step.name);
        const row = repo.insertRow(resolved(step.values) as NewRow<Row>, drawn, deferred);
        if (step.name !== undefined) ids.set(step.name, row.id);
        answers.push(isRead(step) ? [row] : []);
      } else if (step.kind === 'update') {
        const before = table(step.table).rows.get(step.id);
        const held = before as Record<string, unknown> | undefined;
        const expected = Object.entries(step.expected ?? {}).filter(([, value]) => value !== undefined);
        if (!held || !expected.every(([column, value]) => holdsValue(step.table, column, held[column], value))) throw errors.stale(step.table, step.id);
        answers.push([(await repo.update(step.id, resolved(step.patch)))!]);
      } else {
        const doomed = await repo.find(step.where as Where<Row>);
        await repo.deleteWhere(step.where as Where<Row>);
        answers.push(doomed);
      }
    }
    for (const check of deferred) check();
    undo.push(...own);
    return writtenRows(plan, answers);
  } catch (error) {
    for (const step of own.reverse()) step();
    throw error;
  }
}
