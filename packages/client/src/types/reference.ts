import type { Decimal, IdOnly, IsoTimestamp, SpaceTimestamp } from './scalars';

/** SPEC 2.4: one form for list and show. `credit_limit` is text, as the spec types it. */
export interface Customer {
  readonly id: number;
  readonly name: string;
  readonly email: string | null;
  readonly discount: Decimal | null;
  readonly tax_identification_number: string | null;
  readonly account_number: string | null;
  readonly credit_terms: string | null;
  readonly credit_limit: string | null;
  readonly payment_method: string | null;
  readonly contacts: IdOnly[];
}

/** address1…country, phone1…phone3: every show form with an address lists them so. */
export interface Address {
  readonly address1: string | null;
  readonly address2: string | null;
  readonly address3: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postcode: string | null;
  readonly country: string | null;
  readonly phone1: string | null;
  readonly phone2: string | null;
  readonly phone3: string | null;
}

/** SPEC 2.5, list form. */
export interface ContactListItem {
  readonly id: number;
  readonly first_name: string | null;
  readonly last_name: string | null;
  readonly email: string | null;
  readonly created_at: IsoTimestamp;
  readonly updated_at: IsoTimestamp;
}

/** SPEC 2.5, show form, then the writable `job_position` and `customer_id`. */
export interface Contact extends Address {
  readonly id: number;
  readonly first_name: string | null;
  readonly last_name: string | null;
  readonly email: string | null;
  readonly created_on: SpaceTimestamp;
  readonly updated_on: SpaceTimestamp;
  readonly vendor_id: number | null;
  readonly job_position: string | null;
  readonly customer_id: number | null;
}

/** The abbreviated list form manufacturers and vendors share (SPEC 2.6, 2.6a). */
export interface CompanyListItem {
  readonly id: number;
  readonly name: string;
  readonly short_name: string | null;
  readonly created_at: IsoTimestamp;
  readonly updated_at: IsoTimestamp;
}

/** SPEC 2.6, show form. */
export interface Manufacturer extends Address {
  readonly id: number;
  readonly name: string;
  readonly short_name: string | null;
  readonly website: string | null;
  readonly vendors: IdOnly[];
}

/** SPEC 2.6a, show form. */
export interface Vendor extends Address {
  readonly id: number;
  readonly name: string;
  readonly short_name: string | null;
  readonly website: string | null;
  readonly account_number: string | null;
  readonly manufacturers: IdOnly[];
}

/** SPEC 2.7: one form for list and show. PIPS has no labels: `label_id` and `label` are empty. */
export interface Parttype {
  readonly id: number;
  readonly name: string;
  readonly attrition: Decimal | null;
  readonly is_non_material: boolean;
  readonly part_next: number;
  readonly partnumber_key: string | null;
  readonly parent_id: number | null;
  /** The parent's name. */
  readonly parent: string | null;
  readonly parent_only: boolean;
  readonly label_id: number | null;
  readonly label: null;
}

/** SPEC 2.8, list form. */
export interface UnitListItem {
  readonly id: number;
  readonly name: string;
  readonly description: string | null;
}

/** A conversion from the unit shown. */
export interface UnitConversionFrom {
  readonly id: number;
  readonly to_unit_id: number;
  readonly factor: Decimal;
}

/** SPEC 2.8, show form. */
export interface Unit extends UnitListItem {
  readonly allow_fractional: boolean;
  readonly unit_conversions: UnitConversionFrom[];
}

/** SPEC 2.9: what a create answers. */
export interface UnitConversion {
  readonly id: number;
  readonly from_unit_id: number;
  readonly to_unit_id: number;
  readonly factor: Decimal;
}

/** SPEC 2.2, list form. */
export interface InventoryLocationListItem {
  readonly id: number;
  readonly name: string;
  readonly shortname: string | null;
  readonly timezone: string | null;
  readonly description: string | null;
  readonly phone1: string | null;
  readonly phone2: string | null;
  readonly address1: string | null;
  readonly address2: string | null;
  readonly city: string | null;
  readonly state: string | null;
  readonly postcode: string | null;
  readonly country: string | null;
  readonly created_on: SpaceTimestamp;
  readonly updated_on: SpaceTimestamp;
}

/** SPEC 2.2, show form: the repeated `inventory_sublocation` elements, gathered in a list under the same name. */
export interface InventoryLocation extends InventoryLocationListItem {
  readonly inventory_sublocation: Array<{ readonly id: number; readonly name: string }>;
}

/** SPEC 2.3, then the writable `has_bins`. */
export interface InventorySublocation {
  readonly id: number;
  readonly inventory_location_id: number;
  readonly name: string;
  readonly created_on: SpaceTimestamp;
  readonly updated_on: SpaceTimestamp;
  readonly has_bins: boolean;
}
