import type { Repository, Store, Tx } from '../ports';
import type { TableName } from '../records';

type Row = Record<string, unknown> & { id: number };

/** What a use-case test sees of the fake: the rows, and every `get` with its lock flag. */
export interface FakeStore extends Store {
  readonly rows: Map<TableName, Row[]>;
  readonly gets: Array<{ table: TableName; id: number; lock: boolean }>;
  /** Runs before each insert; throw from it to simulate a store error. */
  beforeInsert?: (table: TableName, values: Record<string, unknown>) => void;
  transactions: number;
}

function holds(value: unknown, condition: unknown): boolean {
  if (condition !== null && typeof condition === 'object' && !(condition instanceof Date)) {
    const ops = condition as { $ne?: unknown; $in?: unknown[] };
    if ('$ne' in ops) return value !== ops.$ne;
    if (ops.$in) return ops.$in.includes(value);
    throw new Error(`fake store: unsupported condition ${JSON.stringify(condition)}`);
  }
  return value === condition;
}

/**
 * A deliberately small store for domain tests (the domain may not import an adapter): equality,
 * `$ne` and `$in` only, no rollback. The real semantics are the store contract's business.
 */
export function createFakeStore(): FakeStore {
  const rows = new Map<TableName, Row[]>();
  const list = (table: TableName) => rows.get(table) ?? (rows.set(table, []), rows.get(table)!);
  const find = (table: TableName, where: Record<string, unknown> = {}) =>
    list(table).filter((row) => Object.entries(where).every(([column, c]) => holds(row[column], c)));

  const repo = (table: TableName): Repository<Row> => ({
    async get(id, options) {
      fake.gets.push({ table, id, lock: options?.lock ?? false });
      return list(table).find((row) => row.id === id) ?? null;
    },
    async find(where) {
      return find(table, where);
    },
    async findOne(where) {
      return find(table, where)[0] ?? null;
    },
    async count(where) {
      return find(table, where).length;
    },
    async insert(values) {
      fake.beforeInsert?.(table, values);
      const row = { ...values, id: list(table).length + 1 };
      list(table).push(row);
      return row;
    },
    async update(id, patch) {
      const row = list(table).find((r) => r.id === id);
      if (row) Object.assign(row, patch);
      return row ?? null;
    },
    async delete() {
      throw new Error('fake store: delete is not supported');
    },
    async deleteWhere() {
      throw new Error('fake store: deleteWhere is not supported');
    },
  });

  const tx = { repo, nextValue: async () => 1 } as unknown as Tx;
  const fake: FakeStore = {
    rows,
    gets: [],
    transactions: 0,
    description: 'fake',
    async transaction(work) {
      fake.transactions++;
      return work(tx);
    },
    async ping() {},
    async close() {},
  };
  return fake;
}
