import type { LockName, SequenceName } from './schema';
import type { Plan, PlanArgs, PlanResult } from './read-plan';
import type { TableName, Tables } from './records';
import type { WritePlan, WrittenRows } from './write-plan';

export interface Row {
  id: number;
}

/**
 * A condition on one column: a value (equality, null included) or one operator.
 * Every adapter agrees on: `$ne: v` keeps rows where the column is null; `$in` may list
 * null; range operators never match null; decimal columns compare by value, text by code point.
 * The text operators (`$contains`, `$startsWith`, `$endsWith`, `$equalsText`) ignore case (each
 * character lowercased on its own, as PostgreSQL's ILIKE does), take their text literally (`%`,
 * `_` and `\` are plain characters), never match null and match nothing on a column that is not text.
 */
export type Condition<V> =
  | V
  | { $in: readonly V[] }
  | { $ne: V }
  | { $gt: V }
  | { $gte: V }
  | { $lt: V }
  | { $lte: V }
  /** Case-insensitive substring match on text. */
  | { $contains: string }
  /** Case-insensitive prefix match on text. */
  | { $startsWith: string }
  /** Case-insensitive suffix match on text. */
  | { $endsWith: string }
  /** Case-insensitive equality of text. */
  | { $equalsText: string };

/** Every operator of `Condition` as optional keys: the shape adapters read a condition through. */
export interface ConditionOperators {
  $in?: readonly unknown[];
  $ne?: unknown;
  $contains?: string;
  $startsWith?: string;
  $endsWith?: string;
  $equalsText?: string;
  $gt?: unknown;
  $gte?: unknown;
  $lt?: unknown;
  $lte?: unknown;
}

/**
 * All conditions must hold (AND): each column's, and `$or` when given, which holds when any of
 * its wheres does (an empty list: never). Its wheres may hold `$or` in turn.
 */
export type Where<T> = { [K in keyof T]?: Condition<T[K]> } & { $or?: ReadonlyArray<Where<T>> };

export interface FindOptions<T> {
  /** Default: id ascending. Nulls sort lowest; ties are broken by id ascending. */
  orderBy?: ReadonlyArray<readonly [keyof T & string, 'asc' | 'desc']>;
  limit?: number;
  offset?: number;
  /** Lock the rows found until the transaction ends (SELECT … FOR UPDATE). */
  lock?: boolean;
}

export type NewRow<T extends Row> = Omit<T, 'id'>;

/** One table's reads. */
export interface ReadRepository<T extends Row> {
  get(id: number, options?: { lock?: boolean }): Promise<T | null>;
  find(where?: Where<T>, options?: FindOptions<T>): Promise<T[]>;
  findOne(where: Where<T>, options?: FindOptions<T>): Promise<T | null>;
  count(where?: Where<T>): Promise<number>;
}

/**
 * One table inside a transaction. Writes that break a unique key or a reference in
 * `schema` throw the domain's PipsError (`invalid` with "X has already been taken",
 * `invalid` with "X must exist" on insert/update, `unprocessable` on delete).
 */
export interface Repository<T extends Row> extends ReadRepository<T> {
  insert(values: NewRow<T>): Promise<T>;
  /** Returns the updated row; null when no row has that id. A key set to undefined is left unchanged. */
  update(id: number, patch: Partial<NewRow<T>>): Promise<T | null>;
  /** True when a row was deleted. */
  delete(id: number): Promise<boolean>;
  deleteWhere(where: Where<T>): Promise<number>;
}

/**
 * Reads. Each statement sees the data committed when it starts; `load` answers a whole plan as
 * one statement, so the tables it reads agree with each other.
 */
export interface ReadTx {
  repo<K extends TableName>(table: K): ReadRepository<Tables[K]>;
  /** `args` gives the plan's parameters (`param(name)`) their values for this run. */
  load<P extends Plan>(plan: P, args?: PlanArgs): Promise<PlanResult<P>>;
}

export interface Tx extends ReadTx {
  repo<K extends TableName>(table: K): Repository<Tables[K]>;
  /** Next number of a named sequence; numbers taken by a rolled-back transaction may be skipped. */
  nextValue(sequence: SequenceName): Promise<number>;
  /**
   * Waits until no other transaction holds the lock `name`, then holds it until this one ends
   * (commit or rollback): transactions taking one name go on from there one at a time, and what
   * each reads after it sees what those before it committed. Taking it again is a no-op. Take it
   * after the transaction's row locks and take none after it, so it never waits on a row lock
   * while others wait on it. A store may send the lock with the transaction's next statement (one
   * round trip for both), so the wait, and a failure to take it, may come with that statement.
   */
  takeLock(name: LockName): Promise<void>;
  /**
   * Locks the rows `plan`'s locked entries find, until the transaction ends, and answers nothing:
   * for a command that reads those rows, and what else it needs, in a statement after its locks.
   * Take it before `takeLock`, as any row lock. A store may send it with the transaction's next
   * statement (one round trip for all), which then reads the rows as locked (their newest
   * versions, when a lock waited for another writer), so its wait, and a failure, may come with
   * that statement.
   */
  lockRows(plan: Plan, args?: PlanArgs): Promise<void>;
  /**
   * The outbox's numbering pass: gives every event row without a `position` that this transaction
   * sees the next positions after the highest one, in id order, and answers how many. Passes take
   * turns (a lock of their own, waited for and held to the transaction's end; writers of events
   * never take it), so a pass in a transaction of its own, committed, numbers what was committed
   * before it and no number is given twice or skipped. Run it as a transaction's only statement.
   */
  numberEvents(): Promise<number>;
  /**
   * Writes every step of `plan`, in order, or none: a step that breaks a key or a reference fails
   * as the repositories' writes do, an update whose row is gone or no longer holds its `expected`
   * values fails with `errors.stale`, and either leaves nothing of the plan written. Answers each
   * step's rows, whatever the plan's size. The SQL store sends the plan as one statement, or one
   * too large for a statement as several in order behind a savepoint (still all or nothing).
   *
   * `commit: true` says the plan is the transaction's last statement and nothing after it needs
   * undoing (a refusal after a write that changed nothing is fine):
   * the store commits with it (on PostgreSQL, COMMIT travels with the plan; a plan that is the
   * transaction's first statement is written on its own, one statement being atomic). A statement
   * after it is refused. When the plan fails, nothing the transaction wrote is kept.
   */
  write(plan: WritePlan, options?: WriteOptions): Promise<WrittenRows>;
}

export interface WriteOptions {
  readonly commit?: boolean;
  /**
   * With `commit`: called once every statement the store runs from then on, in any session, is
   * run after this plan and sees what it left, before the plan is answered. A store whose sessions
   * keep no such order (a pool of connections) never calls it; the embedded database, which runs
   * statements in the order they are posted, calls it once the plan is posted. Work that waits for
   * the plan only so that what it reads next sees it can start here (`inTurn`'s `release`).
   */
  readonly posted?: () => void;
}

/**
 * A storage adapter. Everything one request changes happens inside one `transaction`:
 * when `work` throws, nothing it wrote remains. Concurrent transactions never lose a write.
 * A repository error ends the transaction (PostgreSQL refuses further statements), so
 * `work` must let it propagate rather than catch it and carry on.
 */
export interface Store {
  /** `memory`, `pglite` or `postgresql`, with where it keeps data. */
  readonly description: string;
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Reads outside a transaction (no BEGIN/COMMIT): what a request that changes nothing uses.
   * Each statement (each `load` included) sees the data committed when it starts.
   */
  read<T>(work: (tx: ReadTx) => Promise<T>): Promise<T>;
  /** Resolves when the store answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
