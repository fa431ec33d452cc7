import type { NewRow, Row, Where } from './ports';
import type { TableName, Tables } from './records';

/**
 * A command's writes as plain data: steps in order, which a store writes all or none of
 * (`tx.write`), in one round trip where it can. A rules step returns one, and its tests read it.
 */

/**
 * The id the plan's insert named `name` is given: what another step may write in an id column.
 * The insert may come later in the plan (rows that point at each other): its id is then drawn
 * before the plan writes, and references are checked once the whole plan is written, as a SQL
 * statement checks them.
 */
export interface InsertedId {
  readonly $inserted: string;
}

export const insertedId = (name: string): InsertedId => ({ $inserted: name });

export const isInsertedId = (value: unknown): value is InsertedId =>
  typeof value === 'object' && value !== null && typeof (value as { $inserted?: unknown }).$inserted === 'string';

/** Values of a step: a column holding a number may instead hold an insert's id. */
export type PlannedValues<T> = { [C in keyof T]: T[C] | (number extends T[C] ? InsertedId : never) };

export interface InsertStep<K extends TableName = TableName> {
  readonly kind: 'insert';
  readonly table: K;
  readonly values: PlannedValues<NewRow<Tables[K]>>;
  /** What later steps call this row's id by (`insertedId(name)`). */
  readonly name?: string;
  /**
   * No one reads the row back (an event in the outbox): a store writes it and answers no row for
   * it, so it does not send the row back over the wire for nothing. It takes no name.
   */
  readonly unread?: true;
}

export interface UpdateStep<K extends TableName = TableName> {
  readonly kind: 'update';
  readonly table: K;
  readonly id: number;
  /** A key set to undefined is left unchanged. */
  readonly patch: Partial<PlannedValues<NewRow<Tables[K]>>>;
  /**
   * What the row held when the plan was made. The row must still hold it (equal as a `Where`
   * compares), and must exist, or the whole plan fails with `errors.stale` and writes nothing.
   */
  readonly expected?: Partial<NewRow<Tables[K]>>;
}

export interface DeleteStep<K extends TableName = TableName> {
  readonly kind: 'delete';
  readonly table: K;
  /** `{ id }` for one row; no earlier insert's id. */
  readonly where: Where<Tables[K]>;
}

export type WriteStep<K extends TableName = TableName> = InsertStep<K> | UpdateStep<K> | DeleteStep<K>;

export interface WritePlan {
  readonly steps: readonly WriteStep[];
}

export const insertRow = <K extends TableName>(table: K, values: PlannedValues<NewRow<Tables[K]>>, name?: string): InsertStep<K> =>
  name === undefined ? { kind: 'insert', table, values } : { kind: 'insert', table, values, name };

/** An insert whose row no one reads back (`InsertStep.unread`). */
export const insertUnread = <K extends TableName>(table: K, values: PlannedValues<NewRow<Tables[K]>>): InsertStep<K> => ({ kind: 'insert', table, values, unread: true });

/** Whether a store answers rows for `step`: every step but an unread insert. */
export const isRead = (step: WriteStep): boolean => step.kind !== 'insert' || step.unread !== true;

export const updateRow = <K extends TableName>(
  table: K,
  id: number,
  patch: Partial<PlannedValues<NewRow<Tables[K]>>>,
  expected?: Partial<NewRow<Tables[K]>>,
): UpdateStep<K> => (expected === undefined ? { kind: 'update', table, id, patch } : { kind: 'update', table, id, patch, expected });

export const deleteRows = <K extends TableName>(table: K, where: Where<Tables[K]>): DeleteStep<K> => ({ kind: 'delete', table, where });

/** The inserts' names each value of `values` refers to. */
export const referencesOf = (values: object): string[] =>
  Object.values(values)
    .filter(isInsertedId)
    .map((ref) => ref.$inserted);

/**
 * `steps` as a plan, refused (a programming error, thrown at once) where a store could not write
 * it as one statement: a name given twice, a name on an unread insert (whose id a store cut into
 * several statements would not have), a reference to no insert of the plan, or a row an update
 * changes that a later update or a delete by its id touches again. Every step of a SQL plan sees
 * the data as it was before the plan, so a second step on one row would not see the first: a
 * delete by a wider condition must not reach a row the plan updates either (not checked here), nor
 * one the plan inserts (a plan too large for one statement is written as several, and a later
 * one sees what an earlier one wrote).
 */
export function writePlan(steps: readonly WriteStep[]): WritePlan {
  const names = new Set<string>();
  for (const step of steps) {
    if (step.kind !== 'insert' || step.name === undefined) continue;
    if (!isRead(step)) throw new Error(`The unread insert ${step.name} is named: a later statement of its plan could not learn its id`);
    if (names.has(step.name)) throw new Error(`Two inserts are named ${step.name}`);
    names.add(step.name);
  }
  const updated = new Set<string>();
  for (const step of steps) {
    if (step.kind === 'delete') {
      if (Object.values(step.where).some(isInsertedId)) throw new Error(`A delete from ${step.table} names a row the plan inserts`);
      const id = (step.where as { id?: unknown }).id;
      if (typeof id === 'number' && updated.has(`${step.table}#${id}`)) throw new Error(`${step.table} ${id} is updated and deleted in one plan`);
      continue;
    }
    const values = step.kind === 'insert' ? step.values : step.patch;
    for (const name of referencesOf(values)) if (!names.has(name)) throw new Error(`No insert is named ${name}`);
    if (step.kind === 'update') {
      const key = `${step.table}#${step.id}`;
      if (updated.has(key)) throw new Error(`${step.table} ${step.id} is updated twice in one plan`);
      updated.add(key);
    }
  }
  return { steps };
}

/**
 * The names of inserts some step refers to before the insert itself comes: their ids are drawn
 * before the plan writes (a store's id sequence, as the insert would draw it).
 */
export function forwardReferences(plan: WritePlan): Set<string> {
  const inserted = new Set<string>();
  const forward = new Set<string>();
  for (const step of plan.steps) {
    if (step.kind === 'delete') continue;
    for (const name of referencesOf(step.kind === 'insert' ? step.values : step.patch)) if (!inserted.has(name)) forward.add(name);
    if (step.kind === 'insert' && step.name !== undefined) inserted.add(step.name);
  }
  return forward;
}

/**
 * What `tx.write` answers: each step's rows (an insert's or update's row, the rows a delete
 * removed); none for an unread insert, whose rows it refuses to be asked for.
 */
export interface WrittenRows {
  readonly steps: ReadonlyArray<readonly Row[]>;
  rows<K extends TableName>(step: WriteStep<K>): Array<Tables[K]>;
  /** The row an insert or update wrote. */
  row<K extends TableName>(step: InsertStep<K> | UpdateStep<K>): Tables[K];
}

/** The answer of `plan` from its steps' rows, in plan order: what every adapter returns. */
export function writtenRows(plan: WritePlan, steps: ReadonlyArray<readonly Row[]>): WrittenRows {
  const at = (step: WriteStep): readonly Row[] => {
    const index = plan.steps.indexOf(step);
    if (index < 0) throw new Error(`The step is not one of the plan's`);
    if (!isRead(step)) throw new Error(`The insert into ${step.table} is not read back`);
    return steps[index]!;
  };
  return {
    steps,
    rows: <K extends TableName>(step: WriteStep<K>) => [...at(step as WriteStep)] as Array<Tables[K]>,
    row<K extends TableName>(step: InsertStep<K> | UpdateStep<K>) {
      const [row] = at(step as WriteStep);
      if (!row) throw new Error(`The ${step.kind} of ${step.table} wrote no row`);
      return row as Tables[K];
    },
  };
}

/** What every store throws for a statement sent after a write that committed its transaction. */
export const COMMITTED_MESSAGE = 'The transaction was committed with its last write; it sends nothing more';
