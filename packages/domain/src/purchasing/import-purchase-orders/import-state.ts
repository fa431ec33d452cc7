import { compareDecimal } from '../../decimal';
import { many, ref, type Plan, type PlanEntry } from '../../read-plan';
import type { ReadTx } from '../../ports';
import type { Manufacturer, Part, PartRevision, TableName, Unit } from '../../records';
import { schema } from '../../schema';
import type { ConversionEnds } from '../../inventory/stock-rules';
import type { ImportedItem, ImportedOrder } from './import-input';

/** Whether a line is received into stock: a quantity above zero. */
export const receives = (item: Pick<ImportedItem, 'received_quantity'>) => item.received_quantity !== null && compareDecimal(item.received_quantity, '0') > 0;

/** What a file's checks need of the store, read in one statement. */
export interface ImportState {
  /** Numbers of the file that orders already have. */
  readonly takenNumbers: ReadonlySet<string>;
  /** The ids the file names that exist, by table (the references of orders and lines, and sublocations). */
  readonly existing: ReadonlyMap<TableName, ReadonlySet<number>>;
  readonly vendors: ReadonlyMap<number, string>;
  readonly revisions: ReadonlyMap<number, Pick<PartRevision, 'id' | 'part_id' | 'revision_name'>>;
  /** The parts lines name, and those of the revisions they name. */
  readonly parts: ReadonlyMap<number, Pick<Part, 'id' | 'partnumber' | 'manufacturer_pn' | 'manufacturer_id' | 'unit_id'>>;
  readonly manufacturers: ReadonlyMap<number, Pick<Manufacturer, 'name'>>;
  /** The measures lines name, and those of the parts above. */
  readonly measures: ReadonlyMap<number, Pick<Unit, 'id' | 'name' | 'allow_fractional'>>;
  /** The conversions a received line's measure may rely on. */
  readonly conversions: readonly ConversionEnds[];
}

/** The values of the references `table` declares that `values` sets, by referenced table. */
function referencedIds(table: TableName, values: object, into: Map<TableName, Set<number>>): void {
  for (const reference of schema[table].references) {
    const id = (values as Record<string, unknown>)[reference.column];
    if (typeof id !== 'number') continue;
    const ids = into.get(reference.table) ?? new Set<number>();
    into.set(reference.table, ids.add(id));
  }
}

const byId = <R extends { id: number }>(rows: readonly R[]) => new Map(rows.map((row) => [row.id, row]));

/**
 * Everything the checks of `orders` read, as one plan, answered in one statement. Locked, as
 * every stock rule reads what it relies on (docs/decisions.md, "Inventory units"): the parts
 * received lines name (a change of one's unit of measure waits for its new units, or they are
 * checked against the new one), and the conversions a received line's measure may rely on. Those
 * are the conversions between the measures received lines name and the units of the parts the
 * file names: a few more than a line strictly needs, which costs only waiting for them.
 */
export async function loadImportState(tx: ReadTx, orders: readonly ImportedOrder[]): Promise<ImportState> {
  const items = orders.flatMap((order) => order.items);
  const received = items.filter(receives);
  const referenced = new Map<TableName, Set<number>>();
  for (const order of orders) {
    const { items: _items, ...columns } = order;
    referencedIds('purchase_order', columns, referenced);
  }
  for (const item of items) referencedIds('purchase_item', item, referenced);
  const sublocations = items.flatMap((item) => (item.inventory_sublocation_id === null ? [] : [item.inventory_sublocation_id]));
  referenced.set('inventory_sublocation', new Set(sublocations));
  const idsOf = (table: TableName) => ({ $in: [...(referenced.get(table) ?? [])] });
  const exists: Plan = Object.fromEntries(
    [...referenced.keys()].map((table): [string, PlanEntry] => [`exists ${table}`, many(table, { id: idsOf(table) }, { columns: ['id'] })]),
  );
  const partUnits = ref('parts', 'unit_id');
  const receivedMeasures = { $in: received.flatMap((item) => (item.unit_id === null ? [] : [item.unit_id])) };
  const loaded = await tx.load({
    locked: many('part', { id: { $in: [...new Set(received.flatMap((item) => (item.part_id === null ? [] : [item.part_id])))] } }, { lock: true, columns: ['id'] }),
    taken: many('purchase_order', { number: { $in: orders.map((order) => order.number) } }, { columns: ['number'] }),
    vendors: many('vendor', { id: idsOf('vendor') }, { columns: ['id', 'name'] }),
    revisions: many('part_revision', { id: idsOf('part_revision') }, { columns: ['id', 'part_id', 'revision_name'] }),
    parts: many('part', { $or: [{ id: idsOf('part') }, { id: ref('revisions', 'part_id') }] }, { columns: ['id', 'partnumber', 'manufacturer_pn', 'manufacturer_id', 'unit_id'] }),
    manufacturers: many('manufacturer', { id: ref('parts', 'manufacturer_id') }, { columns: ['id', 'name'] }),
    measures: many('unit', { $or: [{ id: idsOf('unit') }, { id: partUnits }] }, { columns: ['id', 'name', 'allow_fractional'] }),
    conversions: many(
      'unit_conversion',
      { $or: [{ from_unit_id: receivedMeasures, to_unit_id: partUnits }, { from_unit_id: partUnits, to_unit_id: receivedMeasures }] },
      { lock: true, columns: ['id', 'from_unit_id', 'to_unit_id'] },
    ),
    ...exists,
  });
  const found = loaded as unknown as Record<string, Array<{ id: number }>>;
  return {
    takenNumbers: new Set(loaded.taken.map((order) => order.number)),
    existing: new Map([...referenced.keys()].map((table) => [table, new Set(found[`exists ${table}`]!.map((row) => row.id))])),
    vendors: new Map(loaded.vendors.map((vendor) => [vendor.id, vendor.name])),
    revisions: byId(loaded.revisions),
    parts: byId(loaded.parts),
    manufacturers: byId(loaded.manufacturers),
    measures: byId(loaded.measures),
    conversions: loaded.conversions,
  };
}
