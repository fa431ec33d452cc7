import { col } from './column';
import { defineTable } from './define-table';

/** A purchase order's states (SPEC 4.8): the list filters on them. */
export const purchaseOrderStatuses = ['draft', 'pending', 'open', 'closed'] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatuses)[number];

/**
 * A purchase order (SPEC 2.16). Read only in the API: orders come in through the import
 * and the harness fixtures (DESIGN 4).
 */
export const purchaseOrderTable = defineTable({
  columns: {
    id: col.id,
    number: col.required.string,
    status: col.required.string,
    vendor_id: col.required.integer,
    currency: col.required.string,
    /** Opaque numbers the spec shows and PIPS only keeps. */
    site_id: col.integer,
    purchase_id: col.integer,
    inventory_location_id: col.integer,
    payment_terms: col.string,
    ship_to: col.text,
    notes: col.text,
    incoterm: col.string,
    emailed_at: col.timestamp,
    ticket: col.string,
    vendor_salesorder: col.string,
    accepted_at: col.timestamp,
    viewed_at: col.timestamp,
    delivery_requested_at: col.timestamp,
    insurance: col.string,
    shipping_account: col.string,
    shipping_method: col.string,
    fob: col.string,
    delivery_terms: col.string,
    created_on: col.required.timestamp,
    updated_at: col.required.timestamp,
  },
  unique: [{ name: 'purchase_order_number_unique', columns: ['number'], field: 'number' }],
  references: [
    { column: 'vendor_id', table: 'vendor' },
    { column: 'inventory_location_id', table: 'inventory_location' },
  ],
  // The list is newest first and filters on its creation date and status.
  indexes: [{ name: 'purchase_order_created_on_index', columns: ['created_on'] }, { name: 'purchase_order_status_index', columns: ['status'] }],
  label: 'purchase orders',
});

/** One line of a purchase order (SPEC 2.16 `purchase_item`). */
export const purchaseItemTable = defineTable({
  columns: {
    id: col.id,
    purchase_order_id: col.required.integer,
    position: col.required.integer,
    vendor_id: col.integer,
    /** The unit a received line went into stock as. */
    inventory_unit_id: col.integer,
    quote_id: col.integer,
    unit_id: col.integer,
    unit_conversion_id: col.integer,
    vendor_part_number_id: col.integer,
    part_id: col.integer,
    part_revision_id: col.integer,
    partnumber: col.string,
    part_revision_name: col.string,
    manufacturer: col.string,
    manufacturer_pn: col.string,
    quantity: col.required.decimal,
    price: col.decimal,
    comment: col.text,
    received_quantity: col.decimal,
    received_at: col.timestamp,
    /** A calendar date, YYYY-MM-DD. */
    vendor_promise_date: col.string,
    use_as_units: col.decimal,
    vendor_pn: col.string,
  },
  unique: [{ name: 'purchase_item_position_unique', columns: ['purchase_order_id', 'position'], field: 'position' }],
  references: [
    { column: 'purchase_order_id', table: 'purchase_order' },
    { column: 'vendor_id', table: 'vendor' },
    { column: 'inventory_unit_id', table: 'inventory_unit' },
    { column: 'quote_id', table: 'quote' },
    { column: 'unit_id', table: 'unit' },
    { column: 'unit_conversion_id', table: 'unit_conversion' },
    { column: 'vendor_part_number_id', table: 'vendor_part_number' },
    { column: 'part_id', table: 'part' },
    { column: 'part_revision_id', table: 'part_revision' },
  ],
  label: 'purchase items',
});
