import type { ColumnSpec, ValueOf } from './column';

export type Columns = { readonly [column: string]: ColumnSpec };

/**
 * How an index is built. `btree` serves equality, ranges and order; `trigram` indexes the
 * three-letter pieces of text columns, so a case-insensitive search for a piece of the text
 * (`$contains`, `$startsWith`, `$endsWith`, `$equalsText`) reads the rows that can match, not all.
 */
export type IndexMethod = 'btree' | 'trigram';

/**
 * Everything about one table, declared once: its columns (from which the record type is
 * inferred), unique keys, references and how messages name its records. The storage mapping,
 * both stores' constraint checks, the contract kit and the migrations all follow it.
 */
export interface TableDecl<C extends Columns = Columns> {
  readonly columns: C;
  /** Constraint name (stable across adapters), its columns, and the field a violation is reported on. */
  readonly unique: ReadonlyArray<{ readonly name: string; readonly columns: ReadonlyArray<keyof C & string>; readonly field: string }>;
  /**
   * Columns holding another table's id; checked by the domain and enforced by each store. Each
   * gets an index of its own, unless `indexedBy` names one of `indexes` that begins with the
   * column and so serves its lookups: one index fewer to keep up on every write.
   */
  readonly references: ReadonlyArray<{ readonly column: keyof C & string; readonly table: string; readonly indexedBy?: string }>;
  /**
   * Indexes beyond the ones every reference gets: for the filters and orders queries use, built
   * as `using` says (a B-tree unless told).
   */
  readonly indexes?: ReadonlyArray<{ readonly name: string; readonly columns: ReadonlyArray<keyof C & string>; readonly using?: IndexMethod }>;
  /** How a message names these records when they stand in the way (`dependent part types`). */
  readonly label: string;
}

export function defineTable<const C extends Columns>(decl: TableDecl<C>): TableDecl<C> {
  return decl;
}

/** The record a table declaration describes. */
export type RecordOf<T extends { readonly columns: Columns }> = { -readonly [K in keyof T['columns']]: ValueOf<T['columns'][K]> };
