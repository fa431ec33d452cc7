import {
  always,
  bool,
  decimal,
  int,
  isoTimestamp,
  list,
  nullableDecimal,
  nullableInt,
  nullableText,
  record,
  repeated,
  spaceTimestamp,
  text,
  type Shape,
} from '../codec/decoders';
import type { IdOnly } from '../types/scalars';
import type {
  Address,
  CompanyListItem,
  Contact,
  ContactListItem,
  Customer,
  InventoryLocation,
  InventoryLocationListItem,
  InventorySublocation,
  Manufacturer,
  Parttype,
  Unit,
  UnitConversion,
  UnitListItem,
  Vendor,
} from '../types/reference';

/** Decoders of the reference representations (packages/http/src/representations), field for field. */
const idOnly = record<IdOnly>({ id: int });

const address: Shape<Address> = {
  address1: nullableText,
  address2: nullableText,
  address3: nullableText,
  city: nullableText,
  state: nullableText,
  postcode: nullableText,
  country: nullableText,
  phone1: nullableText,
  phone2: nullableText,
  phone3: nullableText,
};

export const customer = record<Customer>({
  id: int,
  name: text,
  email: nullableText,
  discount: nullableDecimal,
  tax_identification_number: nullableText,
  account_number: nullableText,
  credit_terms: nullableText,
  credit_limit: nullableText,
  payment_method: nullableText,
  contacts: list(idOnly),
});

export const contactListItem = record<ContactListItem>({
  id: int,
  first_name: nullableText,
  last_name: nullableText,
  email: nullableText,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

export const contact = record<Contact>({
  id: int,
  first_name: nullableText,
  last_name: nullableText,
  email: nullableText,
  ...address,
  created_on: spaceTimestamp,
  updated_on: spaceTimestamp,
  vendor_id: nullableInt,
  job_position: nullableText,
  customer_id: nullableInt,
});

export const companyListItem = record<CompanyListItem>({
  id: int,
  name: text,
  short_name: nullableText,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});

export const manufacturer = record<Manufacturer>({
  id: int,
  name: text,
  short_name: nullableText,
  website: nullableText,
  ...address,
  vendors: list(idOnly),
});

export const vendor = record<Vendor>({
  id: int,
  name: text,
  short_name: nullableText,
  website: nullableText,
  account_number: nullableText,
  ...address,
  manufacturers: list(idOnly),
});

export const parttype = record<Parttype>({
  id: int,
  name: text,
  attrition: nullableDecimal,
  is_non_material: bool,
  part_next: int,
  partnumber_key: nullableText,
  parent_id: nullableInt,
  parent: nullableText,
  parent_only: bool,
  label_id: nullableInt,
  label: always(null),
});

const unitListShape: Shape<UnitListItem> = { id: int, name: text, description: nullableText };
export const unitListItem = record<UnitListItem>(unitListShape);

export const unit = record<Unit>({
  ...unitListShape,
  allow_fractional: bool,
  unit_conversions: list(record({ id: int, to_unit_id: int, factor: decimal })),
});

export const unitConversion = record<UnitConversion>({ id: int, from_unit_id: int, to_unit_id: int, factor: decimal });

const locationShape: Shape<InventoryLocationListItem> = {
  id: int,
  name: text,
  shortname: nullableText,
  timezone: nullableText,
  description: nullableText,
  phone1: nullableText,
  phone2: nullableText,
  address1: nullableText,
  address2: nullableText,
  city: nullableText,
  state: nullableText,
  postcode: nullableText,
  country: nullableText,
  created_on: spaceTimestamp,
  updated_on: spaceTimestamp,
};
export const inventoryLocationListItem = record<InventoryLocationListItem>(locationShape);

export const inventoryLocation = record<InventoryLocation>({
  ...locationShape,
  inventory_sublocation: repeated(record({ id: int, name: text })),
});

export const inventorySublocation = record<InventorySublocation>({
  id: int,
  inventory_location_id: int,
  name: text,
  created_on: spaceTimestamp,
  updated_on: spaceTimestamp,
  has_bins: bool,
});
