import type { SqlEntityManager } from '@mikro-orm/sql';
import { type Repository, type TableName, type Tables, type Tx } from '@pips/domain';
import { sequenceNames, type SequenceName } from '@pips/domain/storage';
import { createRepository } from './repository';
import { translateError } from './translate-error';

/** The PostgreSQL sequence behind a port sequence name (created by the migrations). */
export const sequenceTable = (sequence: SequenceName): string => `pips_${sequence}_seq`;

/** The port's view of one open transaction: repositories and sequences on one EntityManager. */
export function createTx(em: SqlEntityManager): Tx {
  const repositories = new Map<TableName, Repository<Tables[TableName]>>();
  return {
    repo<K extends TableName>(table: K): Repository<Tables[K]> {
      let repository = repositories.get(table);
      if (!repository) repositories.set(table, (repository = createRepository(em, table)));
      return repository as unknown as Repository<Tables[K]>;
    },
    async nextValue(sequence) {
      if (!sequenceNames.includes(sequence)) throw new Error(`Unknown sequence ${String(sequence)}`);
      try {
        const rows = await em.execute<Array<{ value: string | number }>>(
          `select nextval('${sequenceTable(sequence)}') as value`,
        );
        return Number(rows[0]?.value);
      } catch (error) {
        throw translateError(em.getDriver(), error, 'read');
      }
    },
  };
}
