import { fieldProblem, messages, type Problem } from '../../errors';
import { recordValues, type ChangeStamp } from '../../inventory/inventory-record';
import { checkWhole } from '../../inventory/quantity-rules';
import { measureProblems } from '../../inventory/stock-rules';
import { problems, type Problems } from '../../parse-input';
import type { TableName } from '../../records';
import { schema } from '../../schema';
import { insertedId, insertRow, writePlan, type InsertStep, type WritePlan, type WriteStep } from '../../write-plan';
import { describeLine } from './describe-line';
import { itemPlace, orderPlace, type ImportedItem, type ImportedOrder } from './import-input';
import { receives, type ImportState } from './import-state';

/** A line as it will be kept, and the measure it goes into stock in when it is received. */
export interface CheckedLine {
  readonly item: ImportedItem;
  readonly measureId: number | null;
}

/** An order as it will be kept, its vendor's name (which its received units carry) and its lines. */
export interface CheckedOrder {
  readonly order: Omit<ImportedOrder, 'items'>;
  readonly vendorName: string;
  readonly lines: readonly CheckedLine[];
}

/** `Vendor must exist` for each declared reference of `table` that `values` points at a record the store does not have. */
function missingReferences(state: ImportState, table: TableName, values: object): Problem[] {
  return schema[table].references.flatMap((reference) => {
    const id = (values as Record<string, unknown>)[reference.column];
    if (typeof id !== 'number' || state.existing.get(reference.table)?.has(id)) return [];
    return [fieldProblem(reference.column, messages.mustExist(reference.column))];
  });
}

/** The problems `own` gathered, each named by its place in the file. */
const atPlace = (own: Problems, place: string) => own.list.map((problem) => ({ ...problem, message: messages.atImportPosition(place, problem.message) }));

/**
 * One line as it will be kept, described by what it names (`describeLine`), and the problems only
 * the store can see: what it names must exist, and receiving must make sense.
 */
function checkLine(state: ImportState, order: ImportedOrder, given: ImportedItem, found: Problems): CheckedLine {
  const { inventory_sublocation_id, received_at: _at, vendor_promise_date: _day, ...columns } = given;
  found.add(...missingReferences(state, 'purchase_item', columns));
  // The records the line names, as they are now: its revision, its part (the revision's when only that is named) and the part's manufacturer.
  const revision = given.part_revision_id === null ? null : (state.revisions.get(given.part_revision_id) ?? null);
  const named = given.part_id ?? revision?.part_id ?? null;
  const part = named === null ? null : (state.parts.get(named) ?? null);
  const manufacturer = part ? (state.manufacturers.get(part.manufacturer_id) ?? null) : null;
  // The parse step refused an order without a vendor.
  const item = describeLine(given, order.vendor_id!, { part, manufacturer, revision }, found);
  if (inventory_sublocation_id !== null && !state.existing.get('inventory_sublocation')?.has(inventory_sublocation_id)) {
    found.add(messages.mustExist('inventory_sublocation_id'));
  }
  if (!receives(item)) {
    if (inventory_sublocation_id !== null) found.add(messages.sublocationNeedsReceived());
    return { item, measureId: null };
  }
  if (inventory_sublocation_id === null) found.add(messages.receivedNeedsSublocation());
  if (item.part_id === null) found.add(messages.receiveNeedsPart());
  // Received stock counts in the line's unit of measure, else its part's.
  const stocked = item.part_id === null ? null : (state.parts.get(item.part_id) ?? null);
  const unitId = item.unit_id ?? stocked?.unit_id ?? null;
  const measure = unitId === null ? null : (state.measures.get(unitId) ?? null);
  if (measure) checkWhole(item.received_quantity!, measure, found);
  // Received stock is counted as any other: in its part's unit, or one that converts to it (a part's unit exists: the part refers to it).
  if (measure && stocked) found.add(...measureProblems(measure, state.measures.get(stocked.unit_id)!, state.conversions));
  return { item, measureId: measure?.id ?? null };
}

/**
 * Every problem of the file the store can see, each named by its place (numbers taken in the
 * store or twice in the file among them), as one 400; else the orders with their lines as they
 * will be kept.
 */
export function checkImport(orders: readonly ImportedOrder[], state: ImportState): CheckedOrder[] {
  const found = problems();
  const seen = new Set<string>();
  const checked = orders.map((order, index) => {
    const place = orderPlace(index, order.number);
    const own = problems();
    if (state.takenNumbers.has(order.number) || seen.has(order.number)) own.add(messages.taken('number'));
    seen.add(order.number);
    const { items, ...columns } = order;
    own.add(...missingReferences(state, 'purchase_order', columns));
    found.add(...atPlace(own, place));
    const lines = items.map((item, i) => {
      const line = problems();
      const kept = checkLine(state, order, item, line);
      found.add(...atPlace(line, itemPlace(place, i)));
      return kept;
    });
    return { order: columns, lines };
  });
  found.check();
  // Every order's vendor exists now: a missing one was a problem above.
  return checked.map((order) => ({ ...order, vendorName: state.vendors.get(order.order.vendor_id!)! }));
}

/** An import's writes, and the steps whose rows are its answer. */
export interface ImportPlan {
  readonly plan: WritePlan;
  readonly orders: ReadonlyArray<InsertStep<'purchase_order'>>;
  readonly items: number;
  readonly received: number;
}

/**
 * The writes of a file `checkImport` allowed, in file order: each order (in the site's currency
 * unless it names one), and for each of its lines, when received, a unit carrying the order's
 * purchase fields and its `receive` record, then the line (naming its order, and the unit).
 */
export function planImport(orders: readonly CheckedOrder[], siteCurrency: string, stamp: ChangeStamp): ImportPlan {
  const { now } = stamp;
  const steps: WriteStep[] = [];
  const inserted: Array<InsertStep<'purchase_order'>> = [];
  let received = 0;
  orders.forEach(({ order, vendorName, lines }, o) => {
    const currency = order.currency ?? siteCurrency;
    const orderStep = insertRow(
      'purchase_order',
      { ...order, vendor_id: order.vendor_id!, currency, created_on: order.created_on ?? now, updated_at: order.updated_at ?? order.created_on ?? now },
      `order ${o}`,
    );
    steps.push(orderStep);
    inserted.push(orderStep);
    lines.forEach(({ item, measureId }, i) => {
      const { inventory_sublocation_id: _where, ...columns } = item;
      const unit = receives(item) ? `unit ${o}.${i}` : null;
      if (unit !== null) {
        received++;
        steps.push(
          insertRow(
            'inventory_unit',
            {
              part_id: item.part_id!,
              unit_id: measureId!,
              inventory_sublocation_id: item.inventory_sublocation_id!,
              quantity: item.received_quantity!,
              cost_per_unit: item.price,
              currency,
              sublocation_bin: null,
              asset_id: null,
              serial_number: null,
              lot_code: null,
              datecode: null,
              details: null,
              purchase_order_number: order.number,
              purchase_quantity: item.quantity,
              purchase_price: item.price,
              vendor: vendorName,
              purchase_order_id: insertedId(orderStep.name!),
              created_at: now,
              updated_at: now,
            },
            unit,
          ),
          insertRow(
            'inventory_record',
            recordValues(
              { id: insertedId(unit), part_id: item.part_id! },
              { type: 'receive', before: '0.0', after: item.received_quantity!, to: item.inventory_sublocation_id, comment: `Received on purchase order ${order.number}` },
              stamp,
            ),
          ),
        );
      }
      steps.push(
        insertRow('purchase_item', {
          ...columns,
          purchase_order_id: insertedId(orderStep.name!),
          position: item.position ?? i + 1,
          inventory_unit_id: unit === null ? item.inventory_unit_id : insertedId(unit),
          received_at: unit === null ? item.received_at : (item.received_at ?? now),
        }),
      );
    });
  });
  return { plan: writePlan(steps), orders: inserted, items: orders.reduce((sum, order) => sum + order.lines.length, 0), received };
}
