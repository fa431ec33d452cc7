import { blankNotNull, tooLongColumns } from '../columns';
import { errors, messages } from '../errors';
import type { FindOptions, NewRow, ReadTx, Repository, Row, Store, Tx, Where } from '../ports';
import type { TableName, Tables } from '../records';
import { schema, type SequenceName } from '../schema';
import { runPlan } from '../run-plan';
import { arrange, matches } from './match';
import { columnIndex, type ColumnIndex } from './column-index';
import { uniqueIndex, type UniqueIndex } from './unique-index';

interface Table {
  rows: Map<number, Row>;
  lastId: number;
  unique: UniqueIndex;
  byColumn: ColumnIndex;
}

/** Stores `row` (replacing the one with its id), keeping the unique index in step. */
function put(t: Table, row: Row): void {
  const previous = t.rows.get(row.id);
  if (previous) {
    t.unique.remove(previous);
    t.byColumn.remove(previous);
  }
  t.rows.set(row.id, row);
  t.unique.add(row);
  t.byColumn.add(row);
}

function drop(t: Table, id: number): void {
  const previous = t.rows.get(id);
  if (!previous) return;
  t.unique.remove(previous);
  t.byColumn.remove(previous);
  t.rows.delete(id);
}

type Undo = () => void;

/** A copy sharing nothing with the stored row: rows hold only primitives and Dates. */
function clone<T>(value: T): T {
  const copy = { ...value } as Record<string, unknown>;
  for (const key in copy) {
    const field = copy[key];
    if (field instanceof Date) copy[key] = new Date(field.getTime());
  }
  return copy as T;
}

/** The rows a condition on `id` alone can name (a number or an `$in` list): a lookup, not a scan. */
function byId<T>(rows: Map<number, Row>, where: Record<string, unknown> | undefined): T[] | null {
  if (!where) return null;
  const keys = Object.keys(where).filter((key) => where[key] !== undefined);
  if (keys.length !== 1 || keys[0] !== 'id') return null;
  const given = where.id;
  const ids = typeof given === 'number' ? [given] : (given as { $in?: unknown })?.$in;
  if (!Array.isArray(ids) || (typeof given === 'object' && Object.keys(given as object).length !== 1)) return null;
  const found: T[] = [];
  for (const id of new Set(ids)) {
    const row = typeof id === 'number' ? rows.get(id) : undefined;
    if (row) found.push(row as T);
  }
  return found;
}

/** The memory store, with one way in that the test fake needs and the port does not offer. */
export interface MemoryStore extends Store {
  /**
   * Runs `work` as a transaction at once, beside the one running and ahead of those queued: what
   * another connection's transaction does between two statements of ours on PostgreSQL.
   */
  transactionBeside<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

/**
 * Keeps every table in memory. Transactions run one at a time (writers are serialised),
 * and a failed transaction is rolled back from its undo log, so it leaves nothing behind.
 */
export function createMemoryStore(): Store {
  return openMemoryStore();
}

/** `createMemoryStore`, with `transactionBeside` for the test fake. */
export function openMemoryStore(): MemoryStore {
  const tables = new Map<TableName, Table>();
  const sequences = new Map<SequenceName, number>();
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const table = (name: TableName): Table => {
    let t = tables.get(name);
    if (!t) tables.set(name, (t = { rows: new Map(), lastId: 0, unique: uniqueIndex(name), byColumn: columnIndex(name) }));
    return t;
  };

  function checkUnique(name: TableName, candidate: Record<string, unknown>, selfId: number): void {
    for (const key of schema[name].unique) {
      const holder = table(name).unique.holder(key, candidate);
      if (holder !== undefined && holder !== selfId) throw errors.taken(key);
    }
  }

  function checkReferences(name: TableName, candidate: Record<string, unknown>): void {
    for (const ref of schema[name].references) {
      const target = candidate[ref.column];
      if (typeof target === 'number' && !table(ref.table).rows.has(target)) {
        throw errors.invalid([messages.mustExist(ref.column)]);
      }
    }
  }

  /** What PostgreSQL's NOT NULL (23502) and varchar length (22001) refuse, refused the same way. */
  function checkColumns(name: TableName, candidate: object): void {
    const blanks = blankNotNull(name, candidate, true);
    if (blanks.length > 0) throw errors.invalid(blanks);
    const tooLong = tooLongColumns(name, candidate);
    if (tooLong.length > 0) throw errors.invalid(tooLong);
  }

  function checkNotReferenced(name: TableName, id: number): void {
    for (const [other, spec] of Object.entries(schema) as [TableName, (typeof schema)[TableName]][]) {
      for (const ref of spec.references) {
        if (ref.table !== name) continue;
        if (table(other).byColumn.candidates({ [ref.column]: id })?.size) throw errors.inUseByTable(other);
      }
    }
  }

  function repository<K extends TableName>(name: K, undo: Undo[]): Repository<Tables[K]> {
    type T = Tables[K];
    const t = table(name);
    const all = () => [...t.rows.values()] as T[];
    /** The rows `where` could match: those it names by id or through an index, else all. */
    const candidates = (where?: Where<T>): T[] => {
      const conditions = where as Record<string, unknown> | undefined;
      const named = byId<T>(t.rows, conditions);
      if (named) return named;
      const indexed = t.byColumn.candidates(conditions);
      return indexed ? ([...indexed].map((id) => t.rows.get(id)).filter(Boolean) as T[]) : all();
    };
    const find = async (where?: Where<T>, options?: FindOptions<T>) =>
      arrange(name, candidates(where).filter((r) => matches(name, r, where)), options).map(clone);

    return {
      async get(id) {
        const row = t.rows.get(id);
        return row ? (clone(row) as T) : null;
      },
      find,
      async findOne(where, options) {
        return (await find(where, { ...options, limit: 1 }))[0] ?? null;
      },
      async count(where) {
        return candidates(where).filter((r) => matches(name, r, where)).length;
      },
      async insert(values: NewRow<T>) {
        const id = t.lastId + 1;
        const row = { ...clone(values), id } as T;
        checkColumns(name, row);
        checkUnique(name, row as unknown as Record<string, unknown>, id);
        checkReferences(name, row as unknown as Record<string, unknown>);
        // Like a SQL sequence, an id once handed out is never handed out again, even after a rollback.
        t.lastId = id;
        put(t, row);
        undo.push(() => drop(t, id));
        return clone(row);
      },
      async update(id, patch) {
        const before = t.rows.get(id);
        if (!before) return null;
        const given = Object.entries(patch).filter(([, value]) => value !== undefined);
        const after = { ...before, ...clone(Object.fromEntries(given)), id } as T;
        checkColumns(name, after);
        checkUnique(name, after as unknown as Record<string, unknown>, id);
        checkReferences(name, after as unknown as Record<string, unknown>);
        put(t, after);
        undo.push(() => put(t, before));
        return clone(after);
      },
      async delete(id) {
        const before = t.rows.get(id);
        if (!before) return false;
        checkNotReferenced(name, id);
        drop(t, id);
        undo.push(() => put(t, before));
        return true;
      },
      async deleteWhere(where) {
        const doomed = all().filter((r) => matches(name, r, where));
        for (const row of doomed) checkNotReferenced(name, row.id);
        for (const row of doomed) {
          drop(t, row.id);
          undo.push(() => put(t, row));
        }
        return doomed.length;
      },
    };
  }

  async function run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const undo: Undo[] = [];
    const tx: Tx = {
      repo: (name) => repository(name, undo),
      load: (plan) => runPlan(tx, plan),
      async nextValue(sequence) {
        const previous = sequences.get(sequence) ?? 0;
        sequences.set(sequence, previous + 1);
        return previous + 1;
      },
    };
    try {
      return await work(tx);
    } catch (error) {
      for (const step of undo.reverse()) step();
      throw error;
    }
  }

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    // Checked when asked, not when its turn comes: work queued before close still runs.
    if (closed) return Promise.reject(new Error('store is closed'));
    const result = queue.then(work);
    queue = result.catch(() => undefined);
    return result;
  }

  return {
    description: 'memory (nothing is kept after the process ends)',
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return enqueue(() => run(work));
    },
    // Queued like a transaction: writes land in place, so a read between two statements of a
    // transaction would otherwise see what that transaction has not committed.
    read<T>(work: (tx: ReadTx) => Promise<T>): Promise<T> {
      return enqueue(() => run(work));
    },
    async ping() {
      if (closed) throw new Error('store is closed');
    },
    async close() {
      closed = true;
      await queue;
    },
    transactionBeside(work) {
      return closed ? Promise.reject(new Error('store is closed')) : run(work);
    },
  };
}
