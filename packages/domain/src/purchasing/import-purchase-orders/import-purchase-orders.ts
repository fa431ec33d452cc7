import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import { missingReferences } from '../../existing-references';
import { writeRecord } from '../../inventory/inventory-record';
import { checkWhole } from '../../inventory/quantity-rules';
import { measureProblemsFor } from '../../inventory/stock-checks';
import { compareDecimal } from '../../decimal';
import { problems, type Problems } from '../../parse-input';
import type { Tx } from '../../ports';
import type { PurchaseItem, PurchaseOrder, Vendor } from '../../records';
import { describeLine, type NamedRecords } from './describe-line';
import { itemPlace, orderPlace, type ImportedItem, type ImportedOrder } from './import-input';

/** What an import brought in. */
export interface ImportSummary {
  readonly orders: ReadonlyArray<Pick<PurchaseOrder, 'id' | 'number'>>;
  readonly items: number;
  /** Lines received into stock, each now an inventory unit. */
  readonly received: number;
}

/** The values that are set: what `missingReferences` checks. */
const setValues = <T extends object>(values: T): Partial<{ [K in keyof T]: Exclude<T[K], null> }> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as Partial<{ [K in keyof T]: Exclude<T[K], null> }>;

const receives = (item: ImportedItem) => item.received_quantity !== null && compareDecimal(item.received_quantity, '0') > 0;

/** The records a line names, read as they are now: its revision, its part (the revision's when only that is named) and the part's manufacturer. */
async function namedRecords(tx: Tx, item: ImportedItem): Promise<NamedRecords> {
  const revision = item.part_revision_id === null ? null : await tx.repo('part_revision').get(item.part_revision_id);
  const partId = item.part_id ?? revision?.part_id ?? null;
  const part = partId === null ? null : await tx.repo('part').get(partId);
  const manufacturer = part ? await tx.repo('manufacturer').get(part.manufacturer_id) : null;
  return { part, manufacturer, revision };
}

/**
 * One line as it will be kept, described by what it names (`describeLine`), and the problems only
 * the store can see: what it names must exist, and receiving must make sense.
 */
async function checkItem(tx: Tx, order: ImportedOrder, given: ImportedItem, found: Problems): Promise<ImportedItem> {
  const { inventory_sublocation_id, received_at: _at, vendor_promise_date: _day, ...columns } = given;
  found.add(...(await missingReferences(tx, 'purchase_item', setValues(columns))));
  // The parse step refused an order without a vendor.
  const item = describeLine(given, order.vendor_id!, await namedRecords(tx, given), found);
  if (inventory_sublocation_id !== null && !(await tx.repo('inventory_sublocation').get(inventory_sublocation_id))) {
    found.add(messages.mustExist('inventory_sublocation_id'));
  }
  if (receives(item)) {
    if (inventory_sublocation_id === null) found.add(messages.receivedNeedsSublocation());
    if (item.part_id === null) found.add(messages.receiveNeedsPart());
    const measure = await measureOf(tx, item);
    if (measure) checkWhole(item.received_quantity!, measure, found);
    // Received stock is counted as any other: in its part's unit, or one that converts to it.
    const part = item.part_id === null ? null : await tx.repo('part').get(item.part_id);
    if (measure && part) found.add(...(await measureProblemsFor(tx, part, measure)));
  } else if (inventory_sublocation_id !== null) {
    found.add(messages.sublocationNeedsReceived());
  }
  return item;
}

/** The unit of measure a received line counts in: its own, else its part's. */
async function measureOf(tx: Tx, item: ImportedItem) {
  const unitId = item.unit_id ?? (item.part_id === null ? null : ((await tx.repo('part').get(item.part_id))?.unit_id ?? null));
  return unitId === null ? null : tx.repo('unit').get(unitId);
}

/**
 * Every problem of the file the store can see, each named by its place (numbers taken in the store
 * or twice in the file among them); else the orders with their lines as they will be kept.
 */
async function checkOrders(tx: Tx, orders: readonly ImportedOrder[]): Promise<ImportedOrder[]> {
  // The parts stock is received into, locked in id order (as every command locks parts): a change
  // of one's unit of measure waits for its new units, or they are checked against the new one.
  const received = orders.flatMap((order) => order.items.filter(receives).flatMap((item) => (item.part_id === null ? [] : [item.part_id])));
  if (received.length > 0) await tx.repo('part').find({ id: { $in: [...new Set(received)] } }, { lock: true, orderBy: [['id', 'asc']] });
  const found = problems();
  const numbers = orders.map((order) => order.number);
  const taken = new Set((await tx.repo('purchase_order').find({ number: { $in: numbers } })).map((order) => order.number));
  const seen = new Set<string>();
  const checked: ImportedOrder[] = [];
  for (const [index, order] of orders.entries()) {
    const place = orderPlace(index, order.number);
    const own = problems();
    if (taken.has(order.number) || seen.has(order.number)) own.add(messages.taken('number'));
    seen.add(order.number);
    const { items: _items, ...columns } = order;
    own.add(...(await missingReferences(tx, 'purchase_order', setValues(columns))));
    found.add(...own.list.map((problem) => ({ ...problem, message: messages.atImportPosition(place, problem.message) })));
    const items: ImportedItem[] = [];
    for (const [i, item] of order.items.entries()) {
      const line = problems();
      items.push(await checkItem(tx, order, item, line));
      found.add(...line.list.map((problem) => ({ ...problem, message: messages.atImportPosition(itemPlace(place, i), problem.message) })));
    }
    checked.push({ ...order, items });
  }
  found.check();
  return checked;
}

/** A received line goes into stock: a unit carrying the order's purchase fields, and its `receive` record. */
async function receive(ctx: Context, tx: Tx, order: PurchaseOrder, vendor: Vendor, item: ImportedItem, now: Date): Promise<number> {
  const measure = (await measureOf(tx, item))!;
  const unit = await tx.repo('inventory_unit').insert({
    part_id: item.part_id!,
    unit_id: measure.id,
    inventory_sublocation_id: item.inventory_sublocation_id!,
    quantity: item.received_quantity!,
    cost_per_unit: item.price,
    currency: order.currency,
    sublocation_bin: null,
    asset_id: null,
    serial_number: null,
    lot_code: null,
    datecode: null,
    details: null,
    purchase_order_number: order.number,
    purchase_quantity: item.quantity,
    purchase_price: item.price,
    vendor: vendor.name,
    purchase_order_id: order.id,
    created_at: now,
    updated_at: now,
  });
  const change = { type: 'receive', before: '0.0', after: unit.quantity, to: unit.inventory_sublocation_id, comment: `Received on purchase order ${order.number}` } as const;
  await writeRecord(tx, unit, change, { creatorId: ctx.actor.tokenId, now });
  return unit.id;
}

async function insertOrder(ctx: Context, tx: Tx, order: ImportedOrder, now: Date): Promise<{ row: PurchaseOrder; items: PurchaseItem[]; received: number }> {
  const { items, ...fields } = order;
  const row = await tx.repo('purchase_order').insert({
    ...fields,
    vendor_id: fields.vendor_id!,
    currency: fields.currency ?? ctx.site.currency,
    created_on: fields.created_on ?? now,
    updated_at: fields.updated_at ?? fields.created_on ?? now,
  });
  const vendor = (await tx.repo('vendor').get(row.vendor_id))!;
  let received = 0;
  const written: PurchaseItem[] = [];
  for (const [index, item] of items.entries()) {
    const { inventory_sublocation_id: _where, ...columns } = item;
    const unitId = receives(item) ? await receive(ctx, tx, row, vendor, item, now) : item.inventory_unit_id;
    if (receives(item)) received++;
    written.push(
      await tx.repo('purchase_item').insert({
        ...columns,
        purchase_order_id: row.id,
        position: item.position ?? index + 1,
        inventory_unit_id: unitId,
        received_at: receives(item) ? (item.received_at ?? now) : item.received_at,
      }),
    );
  }
  return { row, items: written, received };
}

/**
 * Brings purchase orders in (DESIGN 4: the API only reads them): the value under a file's
 * `purchase_orders` root, all or nothing. Every problem is reported with its place in the file
 * and nothing is written; else each order, its lines, and for each line received into stock an
 * inventory unit with its `receive` record, in one transaction. `orders` are the file's, parsed
 * by `parsePurchaseOrderImport`; none at all is refused.
 */
export async function importPurchaseOrders(ctx: Context, orders: readonly ImportedOrder[]): Promise<ImportSummary> {
  if (orders.length === 0) throw errors.invalid([messages.importRoot('purchase_orders')]);
  return ctx.store.transaction(async (tx) => {
    const checked = await checkOrders(tx, orders);
    const now = ctx.clock.now();
    const done = [];
    for (const order of checked) done.push(await insertOrder(ctx, tx, order, now));
    return {
      orders: done.map(({ row }) => ({ id: row.id, number: row.number })),
      items: done.reduce((sum, order) => sum + order.items.length, 0),
      received: done.reduce((sum, order) => sum + order.received, 0),
    };
  });
}
