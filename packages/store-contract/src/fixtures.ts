import type { NewRow, TableName, Tables } from '@pips/domain';

/** Reference columns a row cannot do without; `seed` gives them fresh parent rows. */
interface RequiredReferences {
  linecard: 'manufacturer_id' | 'vendor_id';
  unit_conversion: 'from_unit_id' | 'to_unit_id';
  inventory_sublocation: 'inventory_location_id';
}

/** A valid row of table K, minus the references only a stored parent can supply. */
export type Base<K extends TableName> = Omit<
  NewRow<Tables[K]>,
  K extends keyof RequiredReferences ? RequiredReferences[K] : never
>;

/** A fixed instant with milliseconds, so a store that drops them is caught. */
export const instant = new Date('2024-05-06T07:08:09.123Z');

/** `instant` moved by `ms` milliseconds. */
export const at = (ms: number): Date => new Date(instant.getTime() + ms);

let serial = 0;
/** A value no other fixture uses, so default rows never clash on a unique key. */
export const uniqueText = (prefix: string): string => `${prefix} ${++serial}`;

const stamps = () => ({ created_at: at(0), updated_at: at(0) });

const noAddress = {
  address1: null,
  address2: null,
  address3: null,
  city: null,
  state: null,
  postcode: null,
  country: null,
  phone1: null,
  phone2: null,
  phone3: null,
};

/** Builders of valid rows, every column given (nulls where a column is optional). */
export const fixtures: { readonly [K in TableName]: () => Base<K> } = {
  customer: () => ({
    name: uniqueText('Customer'),
    email: null,
    discount: null,
    tax_identification_number: null,
    account_number: null,
    credit_terms: null,
    credit_limit: null,
    payment_method: null,
    ...stamps(),
  }),
  contact: () => ({
    customer_id: null,
    vendor_id: null,
    first_name: 'Ada',
    last_name: uniqueText('Lovelace'),
    email: null,
    job_position: null,
    ...noAddress,
    ...stamps(),
  }),
  manufacturer: () => ({ name: uniqueText('Manufacturer'), short_name: null, website: null, ...noAddress, ...stamps() }),
  vendor: () => ({
    name: uniqueText('Vendor'),
    short_name: null,
    website: null,
    account_number: null,
    ...noAddress,
    ...stamps(),
  }),
  linecard: () => ({ created_at: at(0) }),
  parttype: () => ({
    name: uniqueText('Parttype'),
    attrition: null,
    is_non_material: false,
    part_next: 1,
    partnumber_key: null,
    parent_id: null,
    parent_only: false,
    label_id: null,
    ...stamps(),
  }),
  unit: () => ({ name: uniqueText('Unit'), description: null, allow_fractional: true, ...stamps() }),
  unit_conversion: () => ({ factor: '1.0', ...stamps() }),
  inventory_location: () => ({
    name: uniqueText('Location'),
    shortname: null,
    timezone: null,
    description: null,
    phone1: null,
    phone2: null,
    address1: null,
    address2: null,
    city: null,
    state: null,
    postcode: null,
    country: null,
    ...stamps(),
  }),
  inventory_sublocation: () => ({ name: uniqueText('Shelf'), has_bins: false, ...stamps() }),
  api_token: () => ({
    name: uniqueText('Token'),
    token_hash: String(++serial).padStart(64, '0'),
    permissions: 'manage_data',
    created_at: at(0),
    revoked_at: null,
  }),
};
