import { blankNotNull, columns, tooLongColumns } from '../columns';
import { errors, messages } from '../errors';
import type { FindOptions, NewRow, ReadTx, Repository, Row, Store, Tx, Where } from '../ports';
import type { TableName, Tables } from '../records';
import { schema, type SequenceName } from '../schema';
import { runPlan, type PlanFinder } from '../run-plan';
import { arrange, matches } from './match';
import { columnIndex, type ColumnIndex } from './column-index';
import { uniqueIndex, type UniqueIndex } from './unique-index';

interface Table {
  name: TableName;
  rows: Map<number, Row>;
  lastId: number;
  unique: UniqueIndex;
  byColumn: ColumnIndex;
  clone: <T>(row: T) => T;
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

/**
 * `clone` for a stored row of `table`, whose Dates are its timestamp columns: a copy, then a fresh
 * Date for each of those, without looking at every field (reads copy every row they answer).
 */
function rowCloner(table: TableName): <T>(row: T) => T {
  const timestamps = Object.entries(columns[table] as Record<string, { kind: string }>)
    .filter(([, spec]) => spec.kind === 'timestamp')
    .map(([column]) => column);
  return <T>(row: T): T => {
    const copy = { ...row } as Record<string, unknown>;
    for (const column of timestamps) {
      const field = copy[column];
      if (field instanceof Date) copy[column] = new Date(field.getTime());
    }
    return copy as T;
  };
}

/** The rows a condition on `id` alone can name (a number or an `$in` list): a lookup, not a scan. */
function byId<T>(rows: Map<number, Row>, where: Record<string, unknown> | undefined): T[] | null {
  if (!where) return null;
  // The common case first: exactly `{ id: n }`, one lookup and no lists made.
  const given = where.id;
  if (typeof given === 'number' && onlyKey(where, 'id')) {
    const row = rows.get(given);
    return row ? [row as T] : [];
  }
  if (given === null || typeof given !== 'object' || !onlyKey(where, 'id')) return null;
  const ids = (given as { $in?: unknown }).$in;
  if (!Array.isArray(ids) || Object.keys(given).length !== 1) return null;
  const found: T[] = [];
  for (const id of new Set(ids)) {
    const row = typeof id === 'number' ? rows.get(id) : undefined;
    if (row) found.push(row as T);
  }
  return found;
}

/** A value an equality compares with: not null, not an operator. */
function isPlainValue(value: unknown): boolean {
  return value !== null && value !== undefined && (typeof value !== 'object' || value instanceof Date);
}

/** Whether `key` is the only condition `where` sets. */
function onlyKey(where: Record<string, unknown>, key: string): boolean {
  for (const other in where) if (other !== key && where[other] !== undefined) return false;
  return true;
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
    if (!t) tables.set(name, (t = { name, rows: new Map(), lastId: 0, unique: uniqueIndex(name), byColumn: columnIndex(name), clone: rowCloner(name) }));
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

  /** The rows `where` could match: those it names by id, by a unique key or through an index, else all. */
  function candidates<T>(t: Table, where?: Where<T>): T[] {
    const conditions = where as Record<string, unknown> | undefined;
    const named = byId<T>(t.rows, conditions) ?? byUniqueKey<T>(t, conditions);
    if (named) return named;
    const indexed = t.byColumn.candidates(conditions);
    if (!indexed) return [...t.rows.values()] as T[];
    const rows: T[] = [];
    for (const id of indexed) {
      const row = t.rows.get(id);
      if (row) rows.push(row as T);
    }
    return rows;
  }

  /**
   * The row holding the values `where` gives every column of one of the table's unique keys (plain
   * values, no operator), or none: what a uniqueness check asks, answered from the unique index
   * instead of a scan. The other conditions are still matched by the caller.
   */
  function byUniqueKey<T>(t: Table, where: Record<string, unknown> | undefined): T[] | null {
    if (!where) return null;
    for (const key of schema[t.name].unique) {
      if (!key.columns.every((column) => isPlainValue(where[column]))) continue;
      const id = t.unique.holder(key, where);
      const row = id === undefined ? undefined : t.rows.get(id);
      return row ? [row as T] : [];
    }
    return null;
  }

  /** Reads of one table, at once: what plans and repositories both read through. */
  function finder(name: TableName): PlanFinder {
    const t = table(name);
    const matching = (where: Where<Row> | undefined) => candidates<Row>(t, where).filter((row) => matches(name, row, where));
    return {
      find: (where, options) => arrange(name, matching(where as Where<Row>), options as FindOptions<Row> | undefined).map(t.clone) as never,
      count: (where) => matching(where as Where<Row>).length,
    };
  }

  function repository<K extends TableName>(name: K, undo: Undo[]): Repository<Tables[K]> {
    type T = Tables[K];
    const t = table(name);
    const all = () => [...t.rows.values()] as T[];
    const rows = cachedFinder(name) as unknown as { find(where?: Where<T>, options?: FindOptions<T>): T[]; count(where?: Where<T>): number };

    return {
      async get(id) {
        const row = t.rows.get(id);
        return row ? (t.clone(row) as T) : null;
      },
      async find(where, options) {
        return rows.find(where, options);
      },
      async findOne(where, options) {
        return rows.find(where, { ...options, limit: 1 })[0] ?? null;
      },
      async count(where) {
        return rows.count(where);
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
    const repos = new Map<TableName, Repository<Row>>();
    const tx: Tx = {
      repo: (name) => cachedRepo(repos, name, undo) as never,
      load: async (plan, args) => runPlan(cachedFinder, plan, args),
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

  /** A transaction's repository of `name`, made once per transaction. */
  function cachedRepo(repos: Map<TableName, Repository<Row>>, name: TableName, undo: Undo[]): Repository<Row> {
    let repo = repos.get(name);
    if (!repo) repos.set(name, (repo = repository(name, undo) as unknown as Repository<Row>));
    return repo;
  }

  const finders = new Map<TableName, PlanFinder>();
  /** A table's finder, made once: plans read through it. */
  function cachedFinder(name: TableName): PlanFinder {
    let found = finders.get(name);
    if (!found) finders.set(name, (found = finder(name)));
    return found;
  }

  // Reads write nothing, so one set of repositories (with an undo log nothing may add to) serves them all.
  const readRepos = new Map<TableName, Repository<Row>>();
  const readTx: ReadTx = {
    repo: (name) => cachedRepo(readRepos, name, Object.freeze([]) as unknown as Undo[]) as never,
    load: async (plan, args) => runPlan(cachedFinder, plan, args),
  };

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
      return enqueue(() => work(readTx));
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
