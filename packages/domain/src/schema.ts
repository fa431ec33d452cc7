import type { TableName, Tables } from './records';

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
}

export interface TableSchema<K extends TableName = TableName> {
  readonly unique: ReadonlyArray<UniqueKey<K>>;
  readonly references: readonly Reference[];
}

export const schema: { readonly [K in TableName]: TableSchema<K> } = {
  customer: { unique: [], references: [] },
  contact: {
    unique: [],
    references: [
      { column: 'customer_id', table: 'customer' },
      { column: 'vendor_id', table: 'vendor' },
    ],
  },
  manufacturer: { unique: [{ name: 'manufacturer_name_unique', columns: ['name'], field: 'name' }], references: [] },
  vendor: { unique: [{ name: 'vendor_name_unique', columns: ['name'], field: 'name' }], references: [] },
  linecard: {
    unique: [{ name: 'linecard_pair_unique', columns: ['manufacturer_id', 'vendor_id'], field: 'vendor_id' }],
    references: [
      { column: 'manufacturer_id', table: 'manufacturer' },
      { column: 'vendor_id', table: 'vendor' },
    ],
  },
  parttype: {
    unique: [{ name: 'parttype_name_unique', columns: ['name'], field: 'name' }],
    references: [{ column: 'parent_id', table: 'parttype' }],
  },
  unit: { unique: [{ name: 'unit_name_unique', columns: ['name'], field: 'name' }], references: [] },
  unit_conversion: {
    unique: [{ name: 'unit_conversion_pair_unique', columns: ['from_unit_id', 'to_unit_id'], field: 'to_unit_id' }],
    references: [
      { column: 'from_unit_id', table: 'unit' },
      { column: 'to_unit_id', table: 'unit' },
    ],
  },
  inventory_location: {
    unique: [{ name: 'inventory_location_name_unique', columns: ['name'], field: 'name' }],
    references: [],
  },
  inventory_sublocation: {
    unique: [
      {
        name: 'inventory_sublocation_name_unique',
        columns: ['inventory_location_id', 'name'],
        field: 'name',
      },
    ],
    references: [{ column: 'inventory_location_id', table: 'inventory_location' }],
  },
  api_token: {
    unique: [{ name: 'api_token_hash_unique', columns: ['token_hash'], field: 'token' }],
    references: [],
  },
};

/** Sequences a store hands out numbers from, gap-free within a transaction's success. */
export type SequenceName = 'part_number' | 'asset_id';
export const sequenceNames: readonly SequenceName[] = ['part_number', 'asset_id'];
