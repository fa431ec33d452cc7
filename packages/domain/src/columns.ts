import { longerThan } from './characters';
import { messages } from './errors';
import type { TableName, Tables } from './records';

/**
 * What each column holds and whether it may be null: the one declaration both stores follow.
 * The SQL store maps it to column types and NOT NULL; the memory store compares by it
 * (decimals by value, text by code point) and refuses null where SQL would.
 * `string` is varchar(STRING_LENGTH), `text` unbounded, `decimal` numeric(30,10).
 */
export type ColumnKind = 'id' | 'string' | 'text' | 'integer' | 'decimal' | 'boolean' | 'timestamp';

/** How many characters a `string` column holds: characters (code points), as varchar counts them. */
export const STRING_LENGTH = 255;

export interface ColumnSpec {
  readonly kind: ColumnKind;
  readonly nullable: boolean;
}

/** Every field of the record, no more and no less: the compiler checks the mapping is complete. */
export type TableSpec<K extends TableName> = { readonly [C in keyof Tables[K] & string]-?: ColumnSpec };

const id: ColumnSpec = { kind: 'id', nullable: false };
const name: ColumnSpec = { kind: 'string', nullable: false };
const str: ColumnSpec = { kind: 'string', nullable: true };
const int: ColumnSpec = { kind: 'integer', nullable: false };
const optionalInt: ColumnSpec = { kind: 'integer', nullable: true };
const decimal: ColumnSpec = { kind: 'decimal', nullable: true };
const bool: ColumnSpec = { kind: 'boolean', nullable: false };
const time: ColumnSpec = { kind: 'timestamp', nullable: false };
const timestamps = { created_at: time, updated_at: time };
const address = {
  address1: str,
  address2: str,
  address3: str,
  city: str,
  state: str,
  postcode: str,
  country: str,
  phone1: str,
  phone2: str,
  phone3: str,
};

export const columns: { readonly [K in TableName]: TableSpec<K> } = {
  customer: {
    id,
    name,
    email: str,
    discount: decimal,
    tax_identification_number: str,
    account_number: str,
    credit_terms: str,
    credit_limit: str,
    payment_method: str,
    ...timestamps,
  },
  contact: {
    id,
    customer_id: optionalInt,
    vendor_id: optionalInt,
    first_name: str,
    last_name: str,
    email: str,
    job_position: str,
    ...address,
    ...timestamps,
  },
  manufacturer: { id, name, short_name: str, website: str, ...address, ...timestamps },
  vendor: { id, name, short_name: str, website: str, account_number: str, ...address, ...timestamps },
  linecard: { id, manufacturer_id: int, vendor_id: int, created_at: time },
  parttype: {
    id,
    name,
    attrition: decimal,
    is_non_material: bool,
    part_next: int,
    partnumber_key: str,
    parent_id: optionalInt,
    parent_only: bool,
    label_id: optionalInt,
    ...timestamps,
  },
  unit: { id, name, description: { kind: 'text', nullable: true }, allow_fractional: bool, ...timestamps },
  unit_conversion: {
    id,
    from_unit_id: int,
    to_unit_id: int,
    factor: { kind: 'decimal', nullable: false },
    ...timestamps,
  },
  inventory_location: {
    id,
    name,
    shortname: str,
    timezone: str,
    description: { kind: 'text', nullable: true },
    phone1: str,
    phone2: str,
    address1: str,
    address2: str,
    city: str,
    state: str,
    postcode: str,
    country: str,
    ...timestamps,
  },
  inventory_sublocation: { id, inventory_location_id: int, name, has_bins: bool, ...timestamps },
  api_token: {
    id,
    name,
    token_hash: name,
    permissions: { kind: 'string', nullable: false },
    created_at: time,
    revoked_at: { kind: 'timestamp', nullable: true },
  },
};

/** The spec of `table.column`; undefined for a column the table lacks. */
export function columnOf(table: TableName, column: string): ColumnSpec | undefined {
  return (columns[table] as Record<string, ColumnSpec | undefined>)[column];
}

/** A value `id` aside, which the store generates, a not-null column must be given. */
export function isNotNull(spec: ColumnSpec | undefined): boolean {
  return spec !== undefined && !spec.nullable && spec.kind !== 'id';
}

/**
 * `X can't be blank` for each not-null column `values` sets to null. On insert (`every`) a column
 * left out counts as null too; on update a left-out column stays as it is.
 */
export function blankNotNull(table: TableName, values: object, every = false): string[] {
  const given = values as Record<string, unknown>;
  return Object.entries(columns[table] as Record<string, ColumnSpec>)
    .filter(([column, spec]) => isNotNull(spec) && (every || column in given) && (given[column] ?? null) === null)
    .map(([column]) => messages.blank(column));
}

/**
 * `X is too long (maximum is 255 characters)` for each string column `values` sets past
 * STRING_LENGTH characters: what PostgreSQL's varchar refuses (22001), named by column.
 */
export function tooLongColumns(table: TableName, values: object): string[] {
  const given = values as Record<string, unknown>;
  return Object.entries(columns[table] as Record<string, ColumnSpec>)
    .filter(([column, spec]) => spec.kind === 'string' && typeof given[column] === 'string')
    .filter(([column]) => longerThan(given[column] as string, STRING_LENGTH))
    .map(([column]) => messages.tooLong(column, STRING_LENGTH));
}
