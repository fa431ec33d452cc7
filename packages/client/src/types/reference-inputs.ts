import type { Decimal } from './scalars';

/**
 * Request bodies of the reference resources, with the wire's field names. A field left out is
 * not sent (an update leaves it as it is); `null` is sent empty and clears it. Decimals are
 * strings, ids numbers.
 */
type Changes<T> = { readonly [K in keyof T]?: T[K] | null };

export interface CustomerInput {
  readonly name: string;
  readonly email?: string | null;
  readonly discount?: Decimal | null;
  readonly tax_identification_number?: string | null;
  readonly account_number?: string | null;
  readonly credit_terms?: string | null;
  readonly credit_limit?: string | null;
  readonly payment_method?: string | null;
}

export interface AddressInput {
  readonly address1?: string | null;
  readonly address2?: string | null;
  readonly address3?: string | null;
  readonly city?: string | null;
  readonly state?: string | null;
  readonly postcode?: string | null;
  readonly country?: string | null;
  readonly phone1?: string | null;
  readonly phone2?: string | null;
  readonly phone3?: string | null;
}

/** A contact needs a first or a last name; `customer_id` and `vendor_id` say whose it is. */
export interface ContactInput extends AddressInput {
  readonly first_name?: string | null;
  readonly last_name?: string | null;
  readonly email?: string | null;
  readonly job_position?: string | null;
  readonly vendor_id?: number | null;
  readonly customer_id?: number | null;
}

export interface ManufacturerInput extends AddressInput {
  readonly name: string;
  readonly short_name?: string | null;
  readonly website?: string | null;
}

export interface VendorInput extends AddressInput {
  readonly name: string;
  readonly short_name?: string | null;
  readonly website?: string | null;
  readonly account_number?: string | null;
}

export interface ParttypeInput {
  readonly name: string;
  readonly attrition?: Decimal | null;
  readonly is_non_material?: boolean;
  readonly partnumber_key?: string | null;
  readonly parent_id?: number | null;
  readonly parent_only?: boolean;
  /** Create only: the next number handed out under `partnumber_key` (1 unless given). */
  readonly part_next?: number;
}

export interface UnitInput {
  readonly name: string;
  readonly description?: string | null;
  readonly allow_fractional?: boolean;
}

export interface InventoryLocationInput {
  readonly name: string;
  readonly shortname?: string | null;
  readonly timezone?: string | null;
  readonly description?: string | null;
  readonly phone1?: string | null;
  readonly phone2?: string | null;
  readonly address1?: string | null;
  readonly address2?: string | null;
  readonly city?: string | null;
  readonly state?: string | null;
  readonly postcode?: string | null;
  readonly country?: string | null;
  /** Create only (an update ignores it): the sublocations to make; none makes one named `Default`. */
  readonly inventory_sublocations?: ReadonlyArray<{ readonly name: string; readonly has_bins?: boolean }>;
}

export interface InventorySublocationInput {
  readonly name: string;
  readonly inventory_location_id: number;
  readonly has_bins?: boolean;
}

export interface UnitConversionInput {
  readonly from_unit_id: number;
  readonly to_unit_id: number;
  readonly factor: Decimal;
}

/** The pair a linecard entry links (sent as query parameters, SPEC 4.5). */
export interface LinecardPair {
  readonly manufacturer_id: number;
  readonly vendor_id: number;
}

export interface VendorPartNumberInput {
  readonly part_id: number;
  readonly vendor_id: number;
  readonly unit_id?: number | null;
  readonly part_number: string;
  readonly comment?: string | null;
}

export interface QuoteInput {
  readonly part_id: number;
  readonly vendor_id: number;
  readonly unit_id?: number | null;
  readonly unit_conversion_id?: number | null;
  /** An ISO 4217 code; the site currency when absent. */
  readonly currency_id?: string | null;
  readonly price: Decimal;
  readonly quantity_min?: Decimal | null;
  readonly quantity_mult?: Decimal | null;
  /** Days. */
  readonly leadtime?: number | null;
  /** Days from creation until `expires_on`. */
  readonly valid_for?: number | null;
  readonly inventory?: Decimal | null;
  readonly comment?: string | null;
}

/** An update names only what it changes. */
export type Update<T> = Changes<T>;
