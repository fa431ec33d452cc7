import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { FindOptions, Repository, TableName, Tables, Where } from '@pips/domain';
import { entities } from './entities';
import { toColumns, toRecord } from './rows';
import { translateError, type Operation } from './translate-error';
import { toFilter, toOrderBy } from './where';

type Row = Record<string, unknown>;

interface RunResult {
  affectedRows?: number;
}

/**
 * One table inside one transaction. Every method is a single query through the query builder of
 * the transaction's own EntityManager, mapped to plain record copies: nothing goes through the
 * identity map, so nothing read can be stale or shared.
 */
export function createRepository<K extends TableName>(em: SqlEntityManager, table: K): Repository<Tables[K]> {
  type T = Tables[K];
  const entity = entities[table];
  const qb = () => em.createQueryBuilder(entity, 'e');
  const record = (row: Row) => toRecord(table, row);

  /** Runs one query, its driver errors translated; `values` is what an insert or update writes. */
  async function guard<R>(operation: Operation, run: () => Promise<R>, values?: Row): Promise<R> {
    try {
      return await run();
    } catch (error) {
      throw translateError(em.getDriver(), error, operation, values && { table, values });
    }
  }

  function find(where?: Where<T>, options?: FindOptions<T>): Promise<T[]> {
    return guard('read', async () => {
      if (options?.limit !== undefined && options.limit <= 0) return [];
      const query = qb()
        .select('*')
        .where(toFilter(table, where))
        .orderBy(toOrderBy(table, options as FindOptions<unknown>));
      if (options?.limit !== undefined) query.limit(options.limit);
      if (options?.offset) query.offset(options.offset);
      if (options?.lock) query.setLockMode(LockMode.PESSIMISTIC_WRITE);
      const rows: Row[] = await query.execute('all');
      return rows.map(record);
    });
  }

  async function get(id: number, options?: { lock?: boolean }): Promise<T | null> {
    const rows = await find({ id } as Where<T>, { lock: options?.lock });
    return rows[0] ?? null;
  }

  return {
    get,
    find,
    async findOne(where, options) {
      return (await find(where, { ...options, limit: 1 }))[0] ?? null;
    },
    count(where) {
      return guard('read', () => qb().where(toFilter(table, where)).getCount());
    },
    insert(values) {
      const data = toColumns(table, values);
      return guard('insert', async () => {
        const rows: Row[] = await qb().insert(data).returning('*').execute('all');
        const row = rows[0];
        if (!row) throw new Error(`insert into ${table} returned no row`);
        return record(row);
      }, data);
    },
    update(id, patch) {
      const data = toColumns(table, patch);
      if (Object.keys(data).length === 0) return get(id);
      return guard('update', async () => {
        const rows: Row[] = await qb().update(data).where({ id }).returning('*').execute('all');
        return rows[0] ? record(rows[0]) : null;
      }, data);
    },
    delete(id) {
      return guard('delete', async () => {
        const result: RunResult = await qb().delete().where({ id }).execute('run');
        return (result.affectedRows ?? 0) > 0;
      });
    },
    deleteWhere(where) {
      return guard('delete', async () => {
        const result: RunResult = await qb().delete(toFilter(table, where)).execute('run');
        return result.affectedRows ?? 0;
      });
    },
  };
}
