import type { Decimal, SpaceTimestamp } from './scalars';

/** SPEC 2.16's fields after the vendor, which list and show share. */
export interface PurchaseOrderFields {
  readonly purchase_id: number | null;
  readonly inventory_location_id: number | null;
  readonly number: string;
  readonly created_on: SpaceTimestamp;
  readonly updated_at: SpaceTimestamp;
  readonly payment_terms: string | null;
  readonly ship_to: string | null;
  readonly notes: string | null;
  readonly incoterm: string | null;
  readonly emailed_at: SpaceTimestamp | null;
  readonly ticket: string | null;
  readonly vendor_salesorder: string | null;
  readonly accepted_at: SpaceTimestamp | null;
  readonly viewed_at: SpaceTimestamp | null;
  readonly delivery_requested_at: SpaceTimestamp | null;
  readonly insurance: string | null;
  readonly shipping_account: string | null;
  readonly shipping_method: string | null;
  readonly fob: string | null;
  readonly delivery_terms: string | null;
}

/** SPEC 4.8's statuses: the one an order is in, and the list's filter. */
export type PurchaseOrderStatus = 'draft' | 'pending' | 'open' | 'closed';

/** SPEC 2.16, list form, then the order's status. */
export interface PurchaseOrderListItem extends PurchaseOrderFields {
  readonly id: number;
  readonly site_id: number | null;
  readonly vendor_id: number;
  readonly status: PurchaseOrderStatus;
}

/** A line of an order; `purchase_id` is its order's id. */
export interface PurchaseItem {
  readonly id: number;
  readonly purchase_id: number;
  readonly vendor_id: number | null;
  readonly inventory_unit_id: number | null;
  readonly quote_id: number | null;
  readonly unit_id: number | null;
  readonly unit_conversion_id: number | null;
  readonly vendor_part_number_id: number | null;
  readonly part_id: number | null;
  readonly part_revision_id: number | null;
  readonly partnumber: string | null;
  readonly part_revision_name: string | null;
  readonly manufacturer: string | null;
  readonly manufacturer_pn: string | null;
  readonly quantity: Decimal;
  readonly price: Decimal | null;
  readonly comment: string | null;
  readonly received_quantity: Decimal | null;
  readonly received_at: SpaceTimestamp | null;
  /** A calendar day, YYYY-MM-DD. */
  readonly vendor_promise_date: string | null;
  readonly use_as_units: Decimal | null;
  readonly vendor_pn: string | null;
  readonly position: number;
}

/** SPEC 2.16, show form: the vendor as an element, the currency, the status, and the lines in order. */
export interface PurchaseOrder extends PurchaseOrderFields {
  readonly id: number;
  readonly site_id: number | null;
  readonly vendor: { readonly id: number; readonly name: string };
  readonly currency: string;
  readonly status: PurchaseOrderStatus;
  readonly purchase_items: PurchaseItem[];
}

/** SPEC 4.8's filters: a status, and a range of days (YYYY-MM-DD, both included) given as a pair. */
export interface PurchaseOrderFilter {
  readonly status?: PurchaseOrderStatus;
  readonly start_date?: string;
  readonly end_date?: string;
}
