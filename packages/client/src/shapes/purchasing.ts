import {
  decimal,
  int,
  list,
  nullableDecimal,
  nullableInt,
  nullableSpaceTimestamp,
  nullableText,
  oneOf,
  record,
  spaceTimestamp,
  text,
  type Shape,
} from '../codec/decoders';
import type { PurchaseItem, PurchaseOrder, PurchaseOrderFields, PurchaseOrderListItem, PurchaseOrderStatus } from '../types/purchasing';

const status = oneOf<readonly PurchaseOrderStatus[]>(['draft', 'pending', 'open', 'closed']);

const orderShape: Shape<PurchaseOrderFields> = {
  purchase_id: nullableInt,
  inventory_location_id: nullableInt,
  number: text,
  created_on: spaceTimestamp,
  updated_at: spaceTimestamp,
  payment_terms: nullableText,
  ship_to: nullableText,
  notes: nullableText,
  incoterm: nullableText,
  emailed_at: nullableSpaceTimestamp,
  ticket: nullableText,
  vendor_salesorder: nullableText,
  accepted_at: nullableSpaceTimestamp,
  viewed_at: nullableSpaceTimestamp,
  delivery_requested_at: nullableSpaceTimestamp,
  insurance: nullableText,
  shipping_account: nullableText,
  shipping_method: nullableText,
  fob: nullableText,
  delivery_terms: nullableText,
};

export const purchaseOrderListItem = record<PurchaseOrderListItem>({ id: int, site_id: nullableInt, vendor_id: int, ...orderShape, status });

const purchaseItem = record<PurchaseItem>({
  id: int,
  purchase_id: int,
  vendor_id: nullableInt,
  inventory_unit_id: nullableInt,
  quote_id: nullableInt,
  unit_id: nullableInt,
  unit_conversion_id: nullableInt,
  vendor_part_number_id: nullableInt,
  part_id: nullableInt,
  part_revision_id: nullableInt,
  partnumber: nullableText,
  part_revision_name: nullableText,
  manufacturer: nullableText,
  manufacturer_pn: nullableText,
  quantity: decimal,
  price: nullableDecimal,
  comment: nullableText,
  received_quantity: nullableDecimal,
  received_at: nullableSpaceTimestamp,
  vendor_promise_date: nullableText,
  use_as_units: nullableDecimal,
  vendor_pn: nullableText,
  position: int,
});

export const purchaseOrder = record<PurchaseOrder>({
  id: int,
  site_id: nullableInt,
  vendor: record({ id: int, name: text }),
  ...orderShape,
  currency: text,
  status,
  purchase_items: list(purchaseItem),
});
