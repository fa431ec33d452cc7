import type { FieldSpecs, Input } from '../../fields';
import type { Permission } from '../../permissions';
import type { Tx } from '../../ports';
import type { TableName, Tables } from '../../records';

export type RowOf<K extends TableName> = Tables[K];

/** A record with the related data its representations show. */
export interface Shown<K extends TableName, X> {
  row: RowOf<K>;
  related: X;
}

/** Work a create does after the record exists, prepared (and validated) before any write. */
export interface Followup<K extends TableName> {
  errors: string[];
  apply(tx: Tx, row: RowOf<K>, now: Date): Promise<void>;
}

/** How one reference resource is read, written and deleted; the engine (this folder) does the rest. */
export interface ResourceDef<K extends TableName, X = undefined> {
  readonly table: K;
  /** Model name in messages: `Couldn't find Manufacturer with 'id'=4`. */
  readonly model: string;
  readonly createFields: FieldSpecs;
  readonly updateFields: FieldSpecs;
  readonly permissions?: { readonly read?: Permission; readonly write?: Permission };
  /** Columns a create sets that no request writes. */
  readonly initial?: Partial<RowOf<K>>;
  /** Columns a create sets and an update may repeat but never change (422). */
  readonly fixed?: readonly (keyof RowOf<K> & string)[];
  /** Rules that need the store, after field checks; returns messages. */
  validate?(tx: Tx, next: Record<string, unknown>, existing: RowOf<K> | null): Promise<string[]>;
  /** Related data for each of `rows`, fetched in one go. */
  related?(tx: Tx, rows: readonly RowOf<K>[]): Promise<(row: RowOf<K>) => X>;
  /** Refuses (throws) or clears dependents before the delete. */
  beforeDelete?(tx: Tx, row: RowOf<K>): Promise<void>;
  prepareCreate?(input: Input): Followup<K>;
}
