import { messages } from '../../errors';
import { asInput, type Input } from '../../fields';
import { listItems } from '../../list-field';
import { parseCreate, problems, type Fields, type Problems } from '../../parse-input';
import { parseIsoTimestamp } from '../../iso-timestamp';
import { purchaseOrderStatuses, type PurchaseOrderStatus } from '../../tables/purchasing-tables';
import { parseCalendarDay } from '../calendar-day';

const decimalAtLeastZero = { type: 'decimal', min: { value: '0', exclusive: false } } as const;

const orderFields = {
  number: { type: 'string', required: true },
  status: { type: 'string' },
  currency: { type: 'string' },
  vendor_id: { type: 'int' },
  site_id: { type: 'int' },
  purchase_id: { type: 'int' },
  inventory_location_id: { type: 'int' },
  payment_terms: { type: 'string' },
  ship_to: { type: 'text' },
  notes: { type: 'text' },
  incoterm: { type: 'string' },
  ticket: { type: 'string' },
  vendor_salesorder: { type: 'string' },
  insurance: { type: 'string' },
  shipping_account: { type: 'string' },
  shipping_method: { type: 'string' },
  fob: { type: 'string' },
  delivery_terms: { type: 'string' },
} as const;

const orderTimes = ['created_on', 'updated_at', 'emailed_at', 'accepted_at', 'viewed_at', 'delivery_requested_at'] as const;

const itemFields = {
  position: { type: 'int' },
  vendor_id: { type: 'int' },
  inventory_unit_id: { type: 'int' },
  quote_id: { type: 'int' },
  unit_id: { type: 'int' },
  unit_conversion_id: { type: 'int' },
  vendor_part_number_id: { type: 'int' },
  part_id: { type: 'int' },
  part_revision_id: { type: 'int' },
  partnumber: { type: 'string' },
  part_revision_name: { type: 'string' },
  manufacturer: { type: 'string' },
  manufacturer_pn: { type: 'string' },
  quantity: { ...decimalAtLeastZero, required: true },
  price: decimalAtLeastZero,
  comment: { type: 'text' },
  received_quantity: decimalAtLeastZero,
  use_as_units: decimalAtLeastZero,
  vendor_pn: { type: 'string' },
  /** Import only: where a received quantity goes into stock. */
  inventory_sublocation_id: { type: 'int' },
} as const;

export type ImportedItem = Fields<typeof itemFields> & { received_at: Date | null; vendor_promise_date: string | null };
export type ImportedOrder = Omit<Fields<typeof orderFields>, 'status'> & {
  status: PurchaseOrderStatus;
  created_on: Date | null;
  updated_at: Date | null;
  emailed_at: Date | null;
  accepted_at: Date | null;
  viewed_at: Date | null;
  delivery_requested_at: Date | null;
  items: ImportedItem[];
};

/** Where in the file a problem is, as messages name it. */
export const orderPlace = (index: number, number: string | null) => `purchase_order ${index + 1}${number ? ` (${number})` : ''}`;
export const itemPlace = (order: string, index: number) => `${order}, purchase_item ${index + 1}`;

/** TS-SPACE (`2016-01-24 20:11:47 -0800`, as the show form writes it) or ISO 8601 with an offset; blank is null. */
function timestamp(raw: unknown, field: string, found: { add(...m: string[]): void }): Date | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const at = typeof raw === 'string' ? parseIsoTimestamp(raw.trim().replace(/ ([+-]\d{2}:?\d{2})$/, '$1')) : null;
  if (!at) found.add(messages.badTimestampField(field));
  return at;
}

function calendarDay(raw: unknown, field: string, found: { add(...m: string[]): void }): string | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const day = typeof raw === 'string' ? parseCalendarDay(raw.trim()) : null;
  if (day === null) found.add(messages.badCalendarDate(field));
  return day;
}

/** The order's vendor: the show form's `vendor` element (its `id`), or `vendor_id`. */
function vendorIdOf(order: Input): unknown {
  const vendor = order.vendor;
  if (vendor !== null && typeof vendor === 'object' && !Array.isArray(vendor)) return (vendor as Input).id;
  return order.vendor_id;
}

function parseItem(raw: unknown, place: string, found: Pick<Problems, 'add'>): ImportedItem {
  const own = problems();
  const input = asInput(raw);
  const fields = parseCreate(itemFields, input, own);
  const received_at = timestamp(input.received_at, 'received_at', own);
  const vendor_promise_date = calendarDay(input.vendor_promise_date, 'vendor_promise_date', own);
  found.add(...own.list.map((problem) => ({ ...problem, message: messages.atImportPosition(place, problem.message) })));
  return { ...fields, received_at, vendor_promise_date };
}

function parseOrder(raw: unknown, index: number, found: Pick<Problems, 'add'>): ImportedOrder {
  const own = problems();
  const input = asInput(raw);
  const fields = parseCreate(orderFields, { ...input, vendor_id: vendorIdOf(input) }, own);
  if (fields.vendor_id === null) own.add(messages.blank('vendor'));
  const status = fields.status ?? 'draft';
  if (!(purchaseOrderStatuses as readonly string[]).includes(status)) own.add(messages.oneOf('status', purchaseOrderStatuses));
  const times = Object.fromEntries(orderTimes.map((field) => [field, timestamp(input[field], field, own)])) as Record<(typeof orderTimes)[number], Date | null>;
  const place = orderPlace(index, fields.number);
  found.add(...own.list.map((problem) => ({ ...problem, message: messages.atImportPosition(place, problem.message) })));
  // Lines are a sequence: two equal lines are two lines (only a whole list sent again counts once).
  const rawItems = listItems(input.purchase_items, 'purchase_items');
  if (rawItems === null) found.add(messages.atImportPosition(place, messages.notAList('purchase_items')));
  const items = (rawItems ?? []).map((item, i) => parseItem(item, itemPlace(place, i), found));
  return { ...fields, status: status as PurchaseOrderStatus, ...times, items };
}

/**
 * The parse step of an import: the value under the file's `purchase_orders` root, each order in
 * the show form (ids ignored: the store gives its own). Every problem of every order and line is
 * gathered, named by its place in the file, and thrown once as a 400.
 */
export function parsePurchaseOrderImport(raw: unknown): ImportedOrder[] {
  const found = problems();
  const listed = listItems(raw, 'purchase_orders');
  if (listed === null) found.add(messages.importRoot('purchase_orders'));
  const orders = (listed ?? []).map((order, index) => parseOrder(order, index, found));
  found.check();
  return orders;
}
