import type { Problem } from '../../errors';
import type { FieldSpec, Input } from '../../fields';
import type { Permission } from '../../permissions';
import type { Tx } from '../../ports';
import type { Plan } from '../../read-plan';
import type { TableName, Tables } from '../../records';
import type { EventSource } from '../../events';
import type { InsertedId, InsertStep, WriteStep, WrittenRows } from '../../write-plan';
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

/** What a create writes beside the record, prepared (and validated) from its body before any read. */
export interface Followup<X> {
  errors: Problem[];
  /**
   * Its steps, written in the record's plan after the record's insert (whose id is `record`), and
   * the new record's related data from the rows they wrote.
   */
  plan(record: InsertedId, now: Date): FollowupPlan<X>;
}

export interface FollowupPlan<X> {
  readonly steps: readonly WriteStep[];
  related(written: WrittenRows): X;
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
  /**
   * The related data of a record just created, which no other record refers to yet, from the
   * records its references name (as its create read them): what `related` would read back, so a
   * create answers without reading. Without it (nor a follow-up), a create reads its show form.
   */
  createdRelated?(row: RowOf<K>, referenced: (column: keyof RowOf<K> & string) => unknown): X;
  /** Refuses (throws, 422) an update the current state forbids, once its fields are valid. */
  beforeUpdate?(tx: Tx, next: RowOf<K>, existing: RowOf<K>): Promise<void>;
  /**
   * What a delete reads beside the record (locked, as the entry `rowsColumn` names): counts of
   * what would refuse it, for `planDelete`.
   */
  readonly deleteReads?: Plan;
  /** Refuses (throws) the delete from what `deleteReads` found, or answers the dependents it clears with the record. */
  planDelete?(row: RowOf<K>, loaded: Readonly<Record<string, unknown>>): readonly WriteStep[];
  /**
   * The events of the records its delete removes with it (`planDelete`) that a follower knows by
   * their own path, from what `deleteReads` found: written before the record's own `.deleted`.
   */
  deletedWith?(row: RowOf<K>, loaded: Readonly<Record<string, unknown>>, source: EventSource): ReadonlyArray<InsertStep<'event'>>;
  /** Refuses (throws) a delete by what it must read locked, one record after another (`deleteReads` cannot). */
  beforeDelete?(tx: Tx, row: RowOf<K>): Promise<void>;
  prepareCreate?(input: Input): Followup<X>;
}
