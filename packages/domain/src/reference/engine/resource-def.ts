import type { Problem } from '../../errors';
import type { FieldSpec, Input } from '../../fields';
import type { Permission } from '../../permissions';
import type { Tx } from '../../ports';
import type { TableName, Tables } from '../../records';
import type { RelatedDef } from './with-related';

export type RowOf<K extends TableName> = Tables[K];

/** Columns a request may write: all but the id and the timestamps the engine sets. */
type WritableColumn<K extends TableName> = Exclude<keyof RowOf<K> & string, 'id' | 'created_at' | 'updated_at'>;

/** The specs that read to values of type `V`: integers to `int`, flags to `bool`, text and decimals to the text kinds. */
type FieldSpecFor<V> =
  NonNullable<V> extends number
    ? FieldSpec & { readonly type: 'int' }
    : NonNullable<V> extends boolean
      ? FieldSpec & { readonly type: 'bool' }
      : NonNullable<V> extends string
        ? FieldSpec & { readonly type: 'string' | 'text' | 'decimal' }
        : never;

/** The fields a request writes: each names a writable column of the table and reads to that column's type. */
export type ColumnFields<K extends TableName> = { readonly [C in WritableColumn<K>]?: FieldSpecFor<RowOf<K>[C]> };

/** A record with the related data its representations show. */
export interface Shown<K extends TableName, X> {
  row: RowOf<K>;
  related: X;
}

/** Work a create does after the record exists, prepared (and validated) before any write. */
export interface Followup<K extends TableName> {
  errors: Problem[];
  apply(tx: Tx, row: RowOf<K>, now: Date): Promise<void>;
}

/** How one reference resource is read, written and deleted; the engine (this folder) does the rest. */
export interface ResourceDef<K extends TableName, X = undefined> {
  readonly table: K;
  /** Model name in messages: `Couldn't find Manufacturer with 'id'=4`. */
  readonly model: string;
  readonly createFields: ColumnFields<K>;
  readonly updateFields: ColumnFields<K>;
  readonly permissions?: { readonly read?: Permission; readonly write?: Permission };
  /** Columns a create sets that no request writes. */
  readonly initial?: Partial<RowOf<K>>;
  /** Columns a create sets and an update may repeat but never change (422). */
  readonly fixed?: readonly (keyof RowOf<K> & string)[];
  /**
   * Rules that need the store, after field checks; returns messages. `next` is what the record
   * will hold: on create the fields read, on update `existing` with the fields sent over it.
   */
  validate?(tx: Tx, next: Partial<RowOf<K>>, existing: RowOf<K> | null): Promise<string[]>;
  /** Related data, read in the same statement as the records (`relatedData`). */
  readonly related?: RelatedDef<K, X>;
  /** Refuses (throws, 422) an update the current state forbids, once its fields are valid. */
  beforeUpdate?(tx: Tx, next: RowOf<K>, existing: RowOf<K>): Promise<void>;
  /** Refuses (throws) or clears dependents before the delete. */
  beforeDelete?(tx: Tx, row: RowOf<K>): Promise<void>;
  prepareCreate?(input: Input): Followup<K>;
}
