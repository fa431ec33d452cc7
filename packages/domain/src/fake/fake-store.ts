import { openMemoryStore } from '../memory-store/memory-store';
import type { Repository, Store, Tx } from '../ports';
import type { TableName, Tables } from '../records';
import type { Plan } from '../read-plan';
import type { LockName } from '../schema';
import type { WritePlan, WriteStep } from '../write-plan';

export type WriteKind = 'insert' | 'update' | 'delete' | 'deleteWhere';

/** A write the code under test asked for: its table, its kind, and what it passed. */
export interface WriteCall {
  table: TableName;
  kind: WriteKind;
  /** The id (`update`, `delete`), the values (`insert`), the patch (`update`) or the condition (`deleteWhere`). */
  args: readonly unknown[];
}

/** Which writes a hook waits for; every write when empty. */
export interface WriteMatch {
  table?: TableName;
  kind?: WriteKind;
}

/** A read made with `lock: true`: a row by id (`get`), or the rows a condition found (`find`, `findOne`, a plan's `many`). */
export type LockedRead = { table: TableName; id: number } | { table: TableName; where: Readonly<Record<string, unknown>> };

/** The memory store, plus what a use-case test needs to see of how the code under test used it. */
export interface FakeStore extends Store {
  /** Transactions the code under test started (not `transactionBeside` nor `rows`). */
  readonly transactions: number;
  /** Reads outside a transaction (`read`) the code under test started. */
  readonly reads: number;
  /** Every read made with `lock: true`, in order. */
  readonly locked: readonly LockedRead[];
  /** Every plan the code under test wrote (`tx.write`), in order, failed ones included. */
  readonly plans: readonly WritePlan[];
  /** Every named lock the code under test took (`takeLock`), in order. */
  readonly namedLocks: readonly LockName[];
  /** Runs `hook` before the next matching write; whatever it throws, that write throws instead of writing. */
  beforeNextWrite(hook: (write: WriteCall) => void | Promise<void>, match?: WriteMatch): void;
  /** Makes the next matching write throw `error`, as a store failing in the middle of a transaction would. */
  failNextWrite(error?: unknown, match?: WriteMatch): void;
  /**
   * Another caller's transaction, committed at once even while one of ours is open: the rival in
   * a race, landing between a read and a write. Its writes pass no hook.
   */
  transactionBeside<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** The committed rows of `table`, by id. */
  rows<K extends TableName>(table: K): Promise<Array<Tables[K]>>;
}

interface PendingHook {
  hook: (write: WriteCall) => void | Promise<void>;
  match: WriteMatch;
}

const WRITES: readonly WriteKind[] = ['insert', 'update', 'delete', 'deleteWhere'];

/** A plan's step as the repository write it stands for, so one hook serves both ways of writing. */
const callOf = (step: WriteStep): WriteCall =>
  step.kind === 'insert'
    ? { table: step.table, kind: 'insert', args: [step.values] }
    : step.kind === 'update'
      ? { table: step.table, kind: 'update', args: [step.id, step.patch] }
      : { table: step.table, kind: 'deleteWhere', args: [step.where] };

/** A fresh, empty store with the memory store's semantics (constraints, rollback, order). */
export function createFakeStore(): FakeStore {
  const memory = openMemoryStore();
  const locked: LockedRead[] = [];
  const namedLocks: LockName[] = [];
  const plans: WritePlan[] = [];
  const hooks: PendingHook[] = [];
  let transactions = 0;
  let reads = 0;

  /** Takes the first hook waiting for this write, so each runs once. */
  async function beforeWrite(write: WriteCall): Promise<void> {
    const at = hooks.findIndex(({ match }) => (match.table ?? write.table) === write.table && (match.kind ?? write.kind) === write.kind);
    if (at < 0) return;
    const [pending] = hooks.splice(at, 1);
    await pending!.hook(write);
  }

  function observed<K extends TableName>(table: K, inner: Repository<Tables[K]>): Repository<Tables[K]> {
    const repo = { ...inner };
    repo.get = (id, options) => {
      if (options?.lock) locked.push({ table, id });
      return inner.get(id, options);
    };
    repo.find = (where, options) => {
      if (options?.lock) locked.push({ table, where: { ...where } });
      return inner.find(where, options);
    };
    repo.findOne = (where, options) => {
      if (options?.lock) locked.push({ table, where: { ...where } });
      return inner.findOne(where, options);
    };
    for (const kind of WRITES) {
      const write = inner[kind] as (...args: unknown[]) => Promise<unknown>;
      (repo as Record<WriteKind, unknown>)[kind] = async (...args: unknown[]) => {
        await beforeWrite({ table, kind, args });
        return write(...args);
      };
    }
    return repo;
  }

  const recordLocks = (plan: Plan) => {
    for (const entry of Object.values(plan)) {
      if (entry.kind === 'many' && entry.options?.lock) locked.push({ table: entry.table, where: { ...entry.where } });
    }
  };
  const observe = (tx: Tx): Tx => ({
    repo: (table) => observed(table, tx.repo(table)),
    load: (plan, args) => {
      recordLocks(plan);
      return tx.load(plan, args);
    },
    lockRows: (plan, args) => {
      recordLocks(plan);
      return tx.lockRows(plan, args);
    },
    nextValue: (sequence) => tx.nextValue(sequence),
    takeLock: (name) => {
      namedLocks.push(name);
      return tx.takeLock(name);
    },
    numberEvents: () => tx.numberEvents(),
    // Every step's hook runs before the plan writes anything: a step made to fail leaves nothing, as a failing statement would.
    async write(plan, options) {
      plans.push(plan);
      for (const step of plan.steps) await beforeWrite(callOf(step));
      return tx.write(plan, options);
    },
  });

  return {
    description: 'fake (the memory store, observed)',
    get transactions() {
      return transactions;
    },
    get reads() {
      return reads;
    },
    locked,
    plans,
    namedLocks,
    transaction(work) {
      transactions++;
      return memory.transaction((tx) => work(observe(tx)));
    },
    read(work) {
      reads++;
      return memory.read(work);
    },
    ping: () => memory.ping(),
    close: () => memory.close(),
    beforeNextWrite(hook, match = {}) {
      hooks.push({ hook, match });
    },
    failNextWrite(error = new Error('fake store: the write failed'), match = {}) {
      hooks.push({
        hook: () => {
          throw error;
        },
        match,
      });
    },
    transactionBeside: (work) => memory.transactionBeside(work),
    rows: (table) => memory.transactionBeside((tx) => tx.repo(table).find()),
  };
}
