import type { TableName, Tables } from '@pips/domain';

/** How a record field is stored: `string` is varchar(255), `text` unbounded, `decimal` numeric(30,10). */
export type ColumnKind = 'id' | 'string' | 'text' | 'integer' | 'decimal' | 'boolean' | 'timestamp';

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

export const tableSpecs: { readonly [K in TableName]: TableSpec<K> } = {
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

export const tableNames = Object.keys(tableSpecs) as TableName[];

export function columnsOf(table: TableName): ReadonlyArray<readonly [string, ColumnSpec]> {
  return Object.entries(tableSpecs[table] as Record<string, ColumnSpec>);
}
