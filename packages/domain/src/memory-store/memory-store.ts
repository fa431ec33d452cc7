import type { FindOptions, NewRow, ReadTx, Repository, Row, Store, Tx, Where } from '../ports';
import type { TableName, Tables } from '../records';
import type { SequenceName } from '../schema';
import { runPlan, type PlanFinder } from '../run-plan';
import { arrange, matches } from './match';
import { clone, drop, newTable, put, type Table } from './memory-table';
import { candidates } from './table-candidates';
import { COMMITTED_MESSAGE, type WritePlan } from '../write-plan';
import { writePlanInPlace, type PlannedInsert, type Undo } from './plan-in-place';
import { rowRules } from './row-rules';

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
    if (!t) tables.set(name, (t = newTable(name)));
    return t;
  };

  const { checkUnique, checkReferences, checkColumns, checkNotReferenced } = rowRules(table);

  /** Reads of one table, at once: what plans and repositories both read through. */
  function finder(name: TableName): PlanFinder {
    const t = table(name);
    const matching = (where: Where<Row> | undefined) => candidates<Row>(t, where).filter((row) => matches(name, row, where));
    return {
      find: (where, options) => arrange(name, matching(where as Where<Row>), options as FindOptions<Row> | undefined).map(t.clone) as never,
      count: (where) => matching(where as Where<Row>).length,
    };
  }

  function repository<K extends TableName>(name: K, undo: Undo[]): Repository<Tables[K]> & { insertRow: PlannedInsert<Tables[K]> } {
    type T = Tables[K];
    const t = table(name);
    const all = () => [...t.rows.values()] as T[];
    const rows = cachedFinder(name) as unknown as { find(where?: Where<T>, options?: FindOptions<T>): T[]; count(where?: Where<T>): number };

    /**
     * A plan's insert may come with its id drawn already (`drawn`), and leave its references to be
     * checked once the whole plan is written (`deferred`), as a SQL statement checks them.
     */
    function insertRow(values: NewRow<T>, drawn?: number, deferred?: Array<() => void>): T {
      const id = drawn ?? t.lastId + 1;
      const row = { ...clone(values), id } as T;
      checkColumns(name, row);
      checkUnique(name, row as unknown as Record<string, unknown>, id);
      if (deferred) deferred.push(() => checkReferences(name, row as unknown as Record<string, unknown>));
      else checkReferences(name, row as unknown as Record<string, unknown>);
      // Like a SQL sequence, an id once handed out is never handed out again, even after a rollback.
      t.lastId = Math.max(t.lastId, id);
      put(t, row);
      undo.push(() => drop(t, id));
      return clone(row);
    }

    return {
      insertRow,
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
        return insertRow(values);
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

  const write = (plan: WritePlan, undo: Undo[]) => writePlanInPlace(plan, undo, { table, repository });

  async function run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const undo: Undo[] = [];
    const repos = new Map<TableName, Repository<Row>>();
    // Set by a write that commits: the transaction is over, and its writes are no longer undone.
    let committed = false;
    const open = () => {
      if (committed) throw new Error(COMMITTED_MESSAGE);
    };
    const tx: Tx = {
      repo: (name) => (open(), cachedRepo(repos, name, undo) as never),
      load: async (plan, args) => (open(), runPlan(cachedFinder, plan, args)),
      async nextValue(sequence) {
        open();
        const previous = sequences.get(sequence) ?? 0;
        sequences.set(sequence, previous + 1);
        return previous + 1;
      },
      // Transactions run one at a time: the one running holds every lock already.
      async takeLock() {
        open();
      },
      // Held already, as every lock here; the plan is run for what it refuses (a parameter missing), as SQL's would be.
      async lockRows(plan, args) {
        open();
        await runPlan(cachedFinder, plan, args);
      },
      // The same pass as SQL's, row by row: every event here is committed but this transaction's own.
      async numberEvents() {
        open();
        const events = cachedRepo(repos, 'event', undo) as unknown as Repository<Tables['event']>;
        const [last] = await events.find({ position: { $gt: 0 } }, { orderBy: [['position', 'desc']], limit: 1 });
        const fresh = await events.find({ position: null }, { orderBy: [['id', 'asc']] });
        let position = last?.position ?? 0;
        for (const row of fresh) await events.update(row.id, { position: (position += 1) });
        return fresh.length;
      },
      async write(plan, options) {
        open();
        const written = await write(plan, undo);
        if (options?.commit) {
          committed = true;
          undo.length = 0;
        }
        return written;
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
