import type { TableName, Tables } from './records';
import type { IndexMethod } from './tables/define-table';
import { tables } from './tables/tables';

/**
 * What every adapter must enforce besides plain columns: unique keys and references.
 * Adapters read this (the memory store enforces it in code, the SQL store as constraints),
 * and a violation surfaces as the same domain error from both.
 */
export interface UniqueKey<K extends TableName = TableName> {
  /** Constraint name, stable across adapters. */
  readonly name: string;
  readonly columns: ReadonlyArray<keyof Tables[K] & string>;
  /** The field a violation is reported on (`Name has already been taken`). */
  readonly field: string;
}

export interface Reference {
  readonly column: string;
  readonly table: TableName;
  /** The table's index that serves the reference, which then gets no index of its own. */
  readonly indexedBy?: string;
}

export interface Index<K extends TableName = TableName> {
  readonly name: string;
  readonly columns: ReadonlyArray<keyof Tables[K] & string>;
  /** A B-tree when absent. */
  readonly using?: IndexMethod;
}

export interface TableSchema<K extends TableName = TableName> {
  readonly unique: ReadonlyArray<UniqueKey<K>>;
  readonly references: readonly Reference[];
  readonly indexes: ReadonlyArray<Index<K>>;
}

/** Each table's unique keys, references and indexes, from its declaration. */
export const schema = Object.fromEntries(
  Object.entries(tables).map(([name, table]) => [name, { unique: table.unique, references: table.references, indexes: table.indexes ?? [] }]),
) as unknown as { readonly [K in TableName]: TableSchema<K> };

/** Sequences a store hands out numbers from, gap-free within a transaction's success. */
export type SequenceName = 'part_number' | 'asset_id';
export const sequenceNames: readonly SequenceName[] = ['part_number', 'asset_id'];

/**
 * Locks a transaction takes by name (`Tx.takeLock`). `bill_structure`: held by every write that
 * adds or re-points bill lines while it checks that no part contains itself, so two such writes
 * never pass the check side by side and together make a loop.
 */
export type LockName = 'bill_structure';
export const lockNames: readonly LockName[] = ['bill_structure'];
