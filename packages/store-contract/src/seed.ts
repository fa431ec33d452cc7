import { type NewRow, type TableName, type Tables, type Tx } from '@pips/domain';
import { schema } from '@pips/domain/storage';
import { fixtures } from './fixtures';

/** Every table the port knows, for whole-store snapshots. */
export const tableNames = Object.keys(schema) as TableName[];

/** Inserts a valid row of `table`, creating a parent for each reference `overrides` leaves out. */
export async function seed<K extends TableName>(
  tx: Tx,
  table: K,
  overrides: Partial<NewRow<Tables[K]>> = {},
): Promise<Tables[K]> {
  const values: Record<string, unknown> = { ...fixtures[table](), ...overrides };
  for (const reference of schema[table].references) {
    if (values[reference.column] === undefined) values[reference.column] = (await seed(tx, reference.table)).id;
  }
  return tx.repo(table).insert(values as NewRow<Tables[K]>);
}

/** Every row of every table, in id order: compare two snapshots to prove nothing changed. */
export async function snapshot(tx: Tx): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const table of tableNames) tables[table] = await tx.repo(table).find();
  return tables;
}
