/**
 * Stored records. Field names are the wire names (snake_case), so representations,
 * storage columns and validation speak one vocabulary. Decimals are canonical strings.
 */
export interface Timestamps {
  created_at: Date;
  updated_at: Date;
}

export interface AddressFields {
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  phone1: string | null;
  phone2: string | null;
  phone3: string | null;
}

export interface Customer extends Timestamps {
  id: number;
  name: string;
  email: string | null;
  discount: string | null;
  tax_identification_number: string | null;
  account_number: string | null;
  credit_terms: string | null;
  credit_limit: string | null;
  payment_method: string | null;
}

export interface Contact extends Timestamps, AddressFields {
  id: number;
  customer_id: number | null;
  vendor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  job_position: string | null;
}

export interface Manufacturer extends Timestamps, AddressFields {
  id: number;
  name: string;
  short_name: string | null;
  website: string | null;
}

export interface Vendor extends Timestamps, AddressFields {
  id: number;
  name: string;
  short_name: string | null;
  website: string | null;
  account_number: string | null;
}

/** Links one vendor to one manufacturer. */
export interface Linecard {
  id: number;
  manufacturer_id: number;
  vendor_id: number;
  created_at: Date;
}

export interface Parttype extends Timestamps {
  id: number;
  name: string;
  attrition: string | null;
  is_non_material: boolean;
  /** The next number handed out under `partnumber_key`. */
  part_next: number;
  partnumber_key: string | null;
  parent_id: number | null;
  parent_only: boolean;
  label_id: number | null;
}

export interface Unit extends Timestamps {
  id: number;
  name: string;
  description: string | null;
  allow_fractional: boolean;
}

export interface UnitConversion extends Timestamps {
  id: number;
  from_unit_id: number;
  to_unit_id: number;
  factor: string;
}

export interface InventoryLocation extends Timestamps {
  id: number;
  name: string;
  shortname: string | null;
  timezone: string | null;
  description: string | null;
  phone1: string | null;
  phone2: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
}

export interface InventorySublocation extends Timestamps {
  id: number;
  inventory_location_id: number;
  name: string;
  has_bins: boolean;
}

export interface ApiToken {
  id: number;
  name: string;
  /** SHA-256 of the token, hex; the token itself is shown once, when issued. */
  token_hash: string;
  /** Permission names, space separated, sorted. */
  permissions: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Every table a store keeps, by name. Later features add their records here. */
export interface Tables {
  customer: Customer;
  contact: Contact;
  manufacturer: Manufacturer;
  vendor: Vendor;
  linecard: Linecard;
  parttype: Parttype;
  unit: Unit;
  unit_conversion: UnitConversion;
  inventory_location: InventoryLocation;
  inventory_sublocation: InventorySublocation;
  api_token: ApiToken;
}

export type TableName = keyof Tables;
