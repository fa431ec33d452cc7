import { col, timestamps } from './column';
import { defineTable } from './define-table';

const address = {
  address1: col.string,
  address2: col.string,
  address3: col.string,
  city: col.string,
  state: col.string,
  postcode: col.string,
  country: col.string,
  phone1: col.string,
  phone2: col.string,
  phone3: col.string,
} as const;

export const addressColumns = address;

export const customerTable = defineTable({
  columns: {
    id: col.id,
    name: col.required.string,
    email: col.string,
    discount: col.decimal,
    tax_identification_number: col.string,
    account_number: col.string,
    credit_terms: col.string,
    credit_limit: col.string,
    payment_method: col.string,
    ...timestamps,
  },
  unique: [],
  references: [],
  label: 'customers',
});

export const contactTable = defineTable({
  columns: {
    id: col.id,
    customer_id: col.integer,
    vendor_id: col.integer,
    first_name: col.string,
    last_name: col.string,
    email: col.string,
    job_position: col.string,
    ...address,
    ...timestamps,
  },
  unique: [],
  references: [
    { column: 'customer_id', table: 'customer' },
    { column: 'vendor_id', table: 'vendor' },
  ],
  label: 'contacts',
});

export const manufacturerTable = defineTable({
  columns: { id: col.id, name: col.required.string, short_name: col.string, website: col.string, ...address, ...timestamps },
  unique: [{ name: 'manufacturer_name_unique', columns: ['name'], field: 'name' }],
  references: [],
  label: 'manufacturers',
});

export const vendorTable = defineTable({
  columns: {
    id: col.id,
    name: col.required.string,
    short_name: col.string,
    website: col.string,
    account_number: col.string,
    ...address,
    ...timestamps,
  },
  unique: [{ name: 'vendor_name_unique', columns: ['name'], field: 'name' }],
  references: [],
  label: 'vendors',
});

/** Links one vendor to one manufacturer. */
export const linecardTable = defineTable({
  columns: {
    id: col.id,
    manufacturer_id: col.required.integer,
    vendor_id: col.required.integer,
    created_at: col.required.timestamp,
  },
  unique: [{ name: 'linecard_pair_unique', columns: ['manufacturer_id', 'vendor_id'], field: 'vendor_id' }],
  references: [
    { column: 'manufacturer_id', table: 'manufacturer' },
    { column: 'vendor_id', table: 'vendor' },
  ],
  label: 'linecards',
});

export const parttypeTable = defineTable({
  columns: {
    id: col.id,
    name: col.required.string,
    attrition: col.decimal,
    is_non_material: col.required.boolean,
    /** The next number handed out under `partnumber_key`. */
    part_next: col.required.integer,
    partnumber_key: col.string,
    parent_id: col.integer,
    parent_only: col.required.boolean,
    label_id: col.integer,
    ...timestamps,
  },
  unique: [{ name: 'parttype_name_unique', columns: ['name'], field: 'name' }],
  references: [{ column: 'parent_id', table: 'parttype' }],
  label: 'part types',
});

export const unitTable = defineTable({
  columns: { id: col.id, name: col.required.string, description: col.text, allow_fractional: col.required.boolean, ...timestamps },
  unique: [{ name: 'unit_name_unique', columns: ['name'], field: 'name' }],
  references: [],
  label: 'units',
});

export const unitConversionTable = defineTable({
  columns: {
    id: col.id,
    from_unit_id: col.required.integer,
    to_unit_id: col.required.integer,
    factor: col.required.decimal,
    ...timestamps,
  },
  unique: [{ name: 'unit_conversion_pair_unique', columns: ['from_unit_id', 'to_unit_id'], field: 'to_unit_id' }],
  references: [
    { column: 'from_unit_id', table: 'unit' },
    { column: 'to_unit_id', table: 'unit' },
  ],
  label: 'unit conversions',
});

export const inventoryLocationTable = defineTable({
  columns: {
    id: col.id,
    name: col.required.string,
    shortname: col.string,
    timezone: col.string,
    description: col.text,
    phone1: col.string,
    phone2: col.string,
    address1: col.string,
    address2: col.string,
    city: col.string,
    state: col.string,
    postcode: col.string,
    country: col.string,
    ...timestamps,
  },
  unique: [{ name: 'inventory_location_name_unique', columns: ['name'], field: 'name' }],
  references: [],
  label: 'inventory locations',
});

export const inventorySublocationTable = defineTable({
  columns: {
    id: col.id,
    inventory_location_id: col.required.integer,
    name: col.required.string,
    has_bins: col.required.boolean,
    ...timestamps,
  },
  unique: [{ name: 'inventory_sublocation_name_unique', columns: ['inventory_location_id', 'name'], field: 'name' }],
  references: [{ column: 'inventory_location_id', table: 'inventory_location' }],
  label: 'inventory sublocations',
});
