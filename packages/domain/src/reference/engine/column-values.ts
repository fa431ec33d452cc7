import type { Problem } from '../../errors';
import { readFields, type FieldSpecs, type Input } from '../../fields';
import type { NewRow, Where } from '../../ports';
import type { PlannedValues } from '../../write-plan';
import type { TableName } from '../../records';
import type { ColumnFields, RowOf } from './resource-def';

/*
 * The one place the engine bridges field specs and rows, so the one place it casts.
 *
 * A definition's fields are `ColumnFields` of its table: each names a writable column and reads
 * to that column's type, which the compiler checks where the definition is written. Two things
 * it cannot follow from there: `readFields` reads any specs into a plain hash, so what it returns
 * is not known to be those columns; and the engine knows its table only as a type parameter, so
 * a hash of columns (with the timestamps) is not known to be a row of it, nor a hash of
 * conditions a `Where` on it. Nullness is not promised either: blank is null, and a not-null
 * column refuses it (`blankNotNull` on update, the store as the backstop).
 */

/** The values the fields of `specs` that `input` holds read to, as columns of the table. */
export function readColumns<K extends TableName>(
  specs: ColumnFields<K>,
  input: Input,
  mode: 'create' | 'update',
): { values: Partial<RowOf<K>>; errors: Problem[] } {
  const { values, errors } = readFields(specs as FieldSpecs, input, mode);
  return { values: values as Partial<RowOf<K>>, errors };
}

/** Conditions on columns of the table, as a `Where` on its rows. */
export function whereColumns<K extends TableName>(conditions: Record<string, unknown>): Where<RowOf<K>> {
  return conditions as Where<RowOf<K>>;
}

/** A new record of `values` with both timestamps at `now`, as a plan inserts it. */
export function newColumns<K extends TableName>(values: Partial<RowOf<K>>, now: Date): PlannedValues<NewRow<RowOf<K>>> {
  return { ...values, created_at: now, updated_at: now } as PlannedValues<NewRow<RowOf<K>>>;
}
