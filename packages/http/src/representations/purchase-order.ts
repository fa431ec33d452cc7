import type { PurchaseItem, PurchaseOrder, PurchaseOrderView } from '@pips/domain';
import { array, form, nested, text, verbatim, type Field } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { decimal, int, wire } from './values';

/** Every timestamp of an order is TS-SPACE, as its created_on and updated_at are (SPEC 2.16). */
const space = (at: Date | null, time: TimeFormat) => (at ? time.space(at) : null);

/** SPEC 2.16's fields after vendor_id, in its order, of the order `of` finds in a form's value. */
function restOfOrderFields<T>(of: (value: T) => PurchaseOrder): Array<Field<T, TimeFormat>> {
  return [
    verbatim('purchase_id', (value) => int(of(value).purchase_id), wire.int),
    verbatim('inventory_location_id', (value) => int(of(value).inventory_location_id), wire.int),
    text('number', (value) => of(value).number),
    verbatim('created_on', (value, time) => time.space(of(value).created_on), wire.spaceTime),
    verbatim('updated_at', (value, time) => time.space(of(value).updated_at), wire.spaceTime),
    text('payment_terms', (value) => of(value).payment_terms),
    text('ship_to', (value) => of(value).ship_to),
    text('notes', (value) => of(value).notes),
    text('incoterm', (value) => of(value).incoterm),
    verbatim('emailed_at', (value, time) => space(of(value).emailed_at, time), wire.spaceTime),
    text('ticket', (value) => of(value).ticket),
    text('vendor_salesorder', (value) => of(value).vendor_salesorder),
    verbatim('accepted_at', (value, time) => space(of(value).accepted_at, time), wire.spaceTime),
    verbatim('viewed_at', (value, time) => space(of(value).viewed_at, time), wire.spaceTime),
    verbatim('delivery_requested_at', (value, time) => space(of(value).delivery_requested_at, time), wire.spaceTime),
    text('insurance', (value) => of(value).insurance),
    text('shipping_account', (value) => of(value).shipping_account),
    text('shipping_method', (value) => of(value).shipping_method),
    text('fob', (value) => of(value).fob),
    text('delivery_terms', (value) => of(value).delivery_terms),
  ];
}

/** The list form (SPEC 2.16), then `status`, which the list filters on, appended as the show form appends `currency`. */
export const purchaseOrderListForm = form<PurchaseOrder, TimeFormat>([
  verbatim('id', (order) => int(order.id), wire.int),
  verbatim('site_id', (order) => int(order.site_id), wire.int),
  verbatim('vendor_id', (order) => int(order.vendor_id), wire.int),
  ...restOfOrderFields((order: PurchaseOrder) => order),
  text('status', (order) => order.status),
]);

const vendorForm = form<PurchaseOrderView['vendor']>([verbatim('id', (vendor) => int(vendor.id), wire.int), text('name', (vendor) => vendor.name)]);

/** A line of an order (SPEC 2.16 `purchase_item`); `purchase_id` is its order's id. */
export const purchaseItemForm = form<PurchaseItem, TimeFormat>([
  verbatim('id', (item) => int(item.id), wire.int),
  verbatim('purchase_id', (item) => int(item.purchase_order_id), wire.int),
  verbatim('vendor_id', (item) => int(item.vendor_id), wire.int),
  verbatim('inventory_unit_id', (item) => int(item.inventory_unit_id), wire.int),
  verbatim('quote_id', (item) => int(item.quote_id), wire.int),
  verbatim('unit_id', (item) => int(item.unit_id), wire.int),
  verbatim('unit_conversion_id', (item) => int(item.unit_conversion_id), wire.int),
  verbatim('vendor_part_number_id', (item) => int(item.vendor_part_number_id), wire.int),
  verbatim('part_id', (item) => int(item.part_id), wire.int),
  verbatim('part_revision_id', (item) => int(item.part_revision_id), wire.int),
  text('partnumber', (item) => item.partnumber),
  text('part_revision_name', (item) => item.part_revision_name),
  text('manufacturer', (item) => item.manufacturer),
  text('manufacturer_pn', (item) => item.manufacturer_pn),
  verbatim('quantity', (item) => decimal(item.quantity), wire.decimal),
  verbatim('price', (item) => decimal(item.price), wire.decimal),
  text('comment', (item) => item.comment),
  verbatim('received_quantity', (item) => decimal(item.received_quantity), wire.decimal),
  verbatim('received_at', (item, time) => space(item.received_at, time), wire.spaceTime),
  text('vendor_promise_date', (item) => item.vendor_promise_date),
  verbatim('use_as_units', (item) => decimal(item.use_as_units), wire.decimal),
  text('vendor_pn', (item) => item.vendor_pn),
  verbatim('position', (item) => int(item.position), wire.int),
]);

/**
 * The show form (SPEC 2.16): the list form's fields with `currency` (after them, as Rails adds an
 * attribute) and a `vendor` element (id, name) in vendor_id's place, then `status`, appended after
 * `currency` in the same way, then the lines in order.
 */
export const purchaseOrderShowForm = form<PurchaseOrderView, TimeFormat>([
  verbatim('id', (view) => int(view.order.id), wire.int),
  verbatim('site_id', (view) => int(view.order.site_id), wire.int),
  nested('vendor', vendorForm, (view) => view.vendor),
  ...restOfOrderFields((view: PurchaseOrderView) => view.order),
  text('currency', (view) => view.order.currency),
  text('status', (view) => view.order.status),
  array('purchase_items', 'purchase_item', purchaseItemForm, (view) => view.items),
]);
