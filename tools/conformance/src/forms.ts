/**
 * The wire forms: root and item names and the exact, ordered child elements of each resource,
 * as SPEC section 2 lists them and docs/decisions.md settles (appended writable fields).
 */
const ADDRESS = [
  'address1',
  'address2',
  'address3',
  'city',
  'state',
  'postcode',
  'country',
  'phone1',
  'phone2',
  'phone3',
] as const;

export const forms = {
  /** One list for list and show; `contacts` holds contact elements with only id. */
  customer: [
    'id',
    'name',
    'email',
    'discount',
    'tax_identification_number',
    'account_number',
    'credit_terms',
    'credit_limit',
    'payment_method',
    'contacts',
  ],
  contactList: ['id', 'first_name', 'last_name', 'email', 'created_at', 'updated_at'],
  /** SPEC 2.5 show form, then job_position and customer_id appended (decisions). */
  contactShow: [
    'id',
    'first_name',
    'last_name',
    'email',
    ...ADDRESS,
    'created_on',
    'updated_on',
    'vendor_id',
    'job_position',
    'customer_id',
  ],
  manufacturerList: ['id', 'name', 'short_name', 'created_at', 'updated_at'],
  manufacturerShow: ['id', 'name', 'short_name', 'website', ...ADDRESS, 'vendors'],
  vendorList: ['id', 'name', 'short_name', 'created_at', 'updated_at'],
  vendorShow: ['id', 'name', 'short_name', 'website', 'account_number', ...ADDRESS, 'manufacturers'],
  /** One list for list and show. */
  parttype: [
    'id',
    'name',
    'attrition',
    'is_non_material',
    'part_next',
    'partnumber_key',
    'parent_id',
    'parent',
    'parent_only',
    'label_id',
    'label',
  ],
  unitList: ['id', 'name', 'description'],
  unitShow: ['id', 'name', 'description', 'allow_fractional', 'unit_conversions'],
  /** A conversion inside unit show. */
  unitShowConversion: ['id', 'to_unit_id', 'factor'],
  /** The create response: SPEC 2.9 gives the body fields; the id first, as everywhere. */
  unitConversion: ['id', 'from_unit_id', 'to_unit_id', 'factor'],
  /** The list form; show appends repeated inventory_sublocation children. */
  location: [
    'id',
    'name',
    'shortname',
    'timezone',
    'description',
    'phone1',
    'phone2',
    'address1',
    'address2',
    'city',
    'state',
    'postcode',
    'country',
    'created_on',
    'updated_on',
  ],
  locationSublocation: ['id', 'name'],
  /** SPEC 2.3, then has_bins appended (decisions). */
  sublocation: ['id', 'inventory_location_id', 'name', 'created_on', 'updated_on', 'has_bins'],
} as const;

/** Location show: the location fields, then one inventory_sublocation per sublocation. */
export function locationShow(sublocations: number): string[] {
  return [...forms.location, ...Array.from({ length: sublocations }, () => 'inventory_sublocation')];
}
