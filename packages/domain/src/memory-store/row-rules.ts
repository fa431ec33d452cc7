import { blankNotNull, tooLongColumns } from '../columns';
import { errors, messages } from '../errors';
import type { TableName } from '../records';
import { schema } from '../schema';
import type { Table } from './memory-table';

/**
 * What the memory store refuses as PostgreSQL's constraints do (unique keys, references, NOT NULL
 * and lengths, a row still referenced), over the tables `table` gives.
 */
export function rowRules(table: (name: TableName) => Table) {
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

  return { checkUnique, checkReferences, checkColumns, checkNotReferenced };
}
