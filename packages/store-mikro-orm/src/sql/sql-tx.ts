import { errors, writePlan, writtenRows, type FindOptions, type Plan, type PlanArgs, type PlanResult, type Repository, type Row, type TableName, type Tables, type Tx, type WritePlan } from '@pips/domain';
import { COMMITTED_MESSAGE, lockNames, sequenceNames, type LockName } from '@pips/domain/storage';
import { translateError, type Converter, type Operation } from '../translate-error';
import { failedStep } from './failed-step';
import { planStatement } from './plan-statement';
import { namedIds, runsOf, withIds } from './plan-runs';
import type { RunOptions, Session } from './session';
import {
  countStatement,
  deleteStatement,
  insertStatement,
  selectStatement,
  updateStatement,
  type Statement,
} from './statements';
import { tableSql } from './table-sql';
import { writeStatement } from './write-statement';
import type { Order, Page } from './where-sql';

/**
 * The advisory lock key behind each port lock name: `PIPS` in the high 32 bits, as the migration
 * lock's (`migration-lock.ts`, low bits 1), and the lock's own number in the low ones.
 */
export const advisoryLockKeys: Readonly<Record<LockName, string>> = { bill_structure: '5785243513746620418' };

/** The lock numbering passes take turns by (`Tx.numberEvents`); writers of events never take it. */
export const EVENT_NUMBERING_LOCK = '5785243513746620419';

/**
 * The numbering pass: every event this statement's snapshot sees without a position gets the next
 * ones after the highest, in id order (the partial index `event_unnumbered_index` finds them).
 * Sent after the lock, in the same round trip: its snapshot is taken once the last pass committed.
 */
const numberEventsStatement: Statement = {
  text:
    `WITH numbered AS (UPDATE "event" AS e SET "position" = fresh.position FROM (` +
    `SELECT "id", (SELECT coalesce(max("position"), 0) FROM "event") + row_number() OVER (ORDER BY "id") AS position ` +
    `FROM "event" WHERE "position" IS NULL ORDER BY "id") AS fresh WHERE e."id" = fresh."id" RETURNING 1) ` +
    `SELECT count(*)::int4 FROM numbered`,
  values: [],
};

/** Where a plan written as several statements begins (it is not released: the transaction's end does that). */
const SAVEPOINT: Statement = { text: 'SAVEPOINT pips_write_plan', values: [] };
const ROLLBACK_TO_SAVEPOINT: Statement = { text: 'ROLLBACK TO SAVEPOINT pips_write_plan', values: [] };

/** The PostgreSQL sequence behind a port sequence name (created by the migrations). */
export const sequenceTable = (sequence: string): string => `pips_${sequence}_seq`;

/**
 * Repositories and plans on one session: each method one statement (a write plan too large for
 * one, several: `runsOf`), its rows mapped to fresh plain records, its driver errors translated
 * into the domain's.
 */
export function createSqlTx(session: Session, converter: Converter): Tx {
  // Whether a statement has written, and whether a write committed the transaction (see `write`).
  let wrote = false;
  let committed = false;
  // Locks taken and not yet sent (named, and rows'): they go with the next statement, in its round trip (`RunOptions.before`).
  let locks: Statement[] = [];
  const takeLocks = () => {
    if (locks.length === 0) return undefined;
    const before = locks;
    locks = [];
    return before;
  };
  async function run(operation: Operation, statement: Statement, written?: { table: TableName; values: Record<string, unknown> }) {
    if (committed) throw new Error(COMMITTED_MESSAGE);
    if (operation !== 'read') wrote = true;
    try {
      return await session.run(statement, { readOnly: operation === 'read', before: takeLocks() });
    } catch (error) {
      throw translateError(converter, error, operation, written);
    }
  }

  function repository<K extends TableName>(table: K): Repository<Tables[K]> {
    type T = Tables[K];
    const t = tableSql(table);
    async function find(where?: object, options?: FindOptions<T>): Promise<T[]> {
      if (options?.limit !== undefined && options.limit <= 0) return [];
      const { rows } = await run('read', selectStatement(t, where, options as (Order & Page & { lock?: boolean }) | undefined));
      return rows.map(t.toRecord);
    }
    return {
      async get(id, options) {
        return (await find({ id }, { lock: options?.lock }))[0] ?? null;
      },
      find,
      async findOne(where, options) {
        return (await find(where, { ...options, limit: 1 }))[0] ?? null;
      },
      async count(where) {
        const { rows } = await run('read', countStatement(t, where));
        return Number(rows[0]?.[0] ?? 0);
      },
      async insert(values) {
        const statement = insertStatement(t, values);
        const { rows } = await run('insert', statement, { table, values: statement.written });
        if (!rows[0]) throw new Error(`insert into ${table} returned no row`);
        return t.toRecord(rows[0]);
      },
      async update(id, patch) {
        const statement = updateStatement(t, id, patch);
        if (!statement) return (await find({ id }))[0] ?? null;
        const { rows } = await run('update', statement, { table, values: statement.written });
        return rows[0] ? t.toRecord(rows[0]) : null;
      },
      async delete(id) {
        return (await run('delete', deleteStatement(t, { id }))).count > 0;
      },
      async deleteWhere(where) {
        return (await run('delete', deleteStatement(t, where))).count;
      },
    };
  }

  // One plan as one statement: its rows by step, or `errors.stale` (and nothing written) for its first stale guard.
  async function writeRun(plan: WritePlan, options: RunOptions): Promise<Row[][]> {
    const statement = writeStatement(plan);
    let rows: unknown[][];
    try {
      ({ rows } = await session.run(statement, options));
    } catch (error) {
      const { operation, written } = failedStep(plan, statement.written, error);
      throw translateError(converter, error, operation, written);
    }
    const answer = statement.read(rows[0] ?? []);
    if ('stale' in answer) throw errors.stale(answer.stale.table, (answer.stale as { id: number }).id);
    return answer.steps;
  }

  const repositories = new Map<TableName, Repository<Tables[TableName]>>();
  return {
    repo<K extends TableName>(table: K): Repository<Tables[K]> {
      let repository_ = repositories.get(table);
      if (!repository_) repositories.set(table, (repository_ = repository(table) as unknown as Repository<Tables[TableName]>));
      return repository_ as unknown as Repository<Tables[K]>;
    },
    async load<P extends Plan>(plan: P, args?: PlanArgs): Promise<PlanResult<P>> {
      const statement = planStatement(plan, args);
      const { rows } = await run('read', statement);
      return statement.read(rows[0] ?? []) as PlanResult<P>;
    },
    async nextValue(sequence) {
      if (!sequenceNames.includes(sequence)) throw new Error(`Unknown sequence ${String(sequence)}`);
      const { rows } = await run('read', { text: `SELECT nextval('${sequenceTable(sequence)}')::int4`, values: [] });
      return Number(rows[0]?.[0]);
    },
    // Transaction-scoped: PostgreSQL lets it go at COMMIT or ROLLBACK, and a second take is granted at once.
    // Sent with the next statement, in one round trip, where it waits for the lock before that
    // statement begins: what the statement reads is as the lock's last holder left it, and the
    // lock is held from there, the only place a lock is of use. A transaction that sends nothing
    // more needs no lock, and takes none.
    async takeLock(name) {
      if (!lockNames.includes(name)) throw new Error(`Unknown lock ${String(name)}`);
      if (committed) throw new Error(COMMITTED_MESSAGE);
      const text = `SELECT pg_advisory_xact_lock(${advisoryLockKeys[name]})`;
      if (!locks.some((lock) => lock.text === text)) locks.push({ text, values: [] });
    },
    // Sent like a named lock, with the next statement (after the locks taken before it); its rows are not read.
    async lockRows(plan, args) {
      if (committed) throw new Error(COMMITTED_MESSAGE);
      const { text, values } = planStatement(plan, args);
      locks.push({ text, values });
    },
    async numberEvents() {
      const text = `SELECT pg_advisory_xact_lock(${EVENT_NUMBERING_LOCK})`;
      if (!locks.some((lock) => lock.text === text)) locks.push({ text, values: [] });
      const { rows } = await run('update', numberEventsStatement);
      return Number(rows[0]?.[0]);
    },
    async write(plan, options) {
      if (committed) throw new Error(COMMITTED_MESSAGE);
      const runs = runsOf(plan);
      // COMMIT travels with the plan only when it is the transaction's first write and one
      // statement: a stale guard fails the plan without failing its statement, and COMMIT would
      // keep what came before. A plan of several statements leaves COMMIT to the transaction's end.
      const commit = options?.commit === true && !wrote && runs.length === 1;
      wrote = true;
      if (options?.commit) committed = true;
      if (runs.length === 1) return writtenRows(plan, await writeRun(plan, { commit, before: takeLocks(), ...(commit && options?.posted ? { posted: options.posted } : {}) }));
      // Several statements, in order, after a savepoint: a run that fails or finds its guard stale
      // takes every run before it back with it, even when the caller goes on with the transaction.
      const ids = new Map<string, number>();
      const steps: Row[][] = [];
      try {
        for (const [r, run] of runs.entries()) {
          const written = await writeRun(writePlan(run.map((step) => withIds(step, ids))), { before: r === 0 ? [...(takeLocks() ?? []), SAVEPOINT] : undefined });
          namedIds(run, written, ids);
          steps.push(...written);
        }
      } catch (error) {
        // Should the savepoint be missing (its own statement failed), the transaction is aborted and keeps nothing anyway.
        await session.run(ROLLBACK_TO_SAVEPOINT).catch(() => undefined);
        throw error;
      }
      return writtenRows(plan, steps);
    },
  };
}
