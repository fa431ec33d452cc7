import type { InventoryRecord, InventoryUnitView, ListedUnit } from '@pips/domain';
import { form, text, verbatim, type Field } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { decimal, int, wire } from './values';

/** SPEC 2.1's fields after id, quantity and quantity_available, in its order. */
const restOfUnitFields: ReadonlyArray<Field<InventoryUnitView, TimeFormat>> = [
  text('unit', (view: InventoryUnitView) => view.unitName),
  verbatim('cost_per_unit', (view: InventoryUnitView) => decimal(view.unit.cost_per_unit), wire.decimal),
  text('currency', (view: InventoryUnitView) => view.unit.currency),
  text('inventory_location', (view: InventoryUnitView) => view.location),
  text('sublocation_bin', (view: InventoryUnitView) => view.unit.sublocation_bin),
  text('asset_id', (view: InventoryUnitView) => view.unit.asset_id),
  text('serial_number', (view: InventoryUnitView) => view.unit.serial_number),
  text('lot_code', (view: InventoryUnitView) => view.unit.lot_code),
  text('datecode', (view: InventoryUnitView) => view.unit.datecode),
  text('details', (view: InventoryUnitView) => view.unit.details),
  text('purchase_order_number', (view: InventoryUnitView) => view.unit.purchase_order_number),
  verbatim('purchase_quantity', (view: InventoryUnitView) => decimal(view.unit.purchase_quantity), wire.decimal),
  verbatim('purchase_price', (view: InventoryUnitView) => decimal(view.unit.purchase_price), wire.decimal),
  text('vendor', (view: InventoryUnitView) => view.unit.vendor),
  verbatim('created_at', (view: InventoryUnitView, time) => time.iso(view.unit.created_at), wire.isoTime),
  verbatim('updated_at', (view: InventoryUnitView, time) => time.iso(view.unit.updated_at), wire.isoTime),
];

/** The fields after `id`, `quantity`, `quantity_available` not named in `leaving`: a form that put them first goes on with these. */
export const unitFieldsBut = (...leaving: string[]) => restOfUnitFields.filter((field) => !('name' in field && leaving.includes(field.name)));

/** The full form (SPEC 2.1): show, and what every command on a unit answers. */
export const inventoryUnitForm = form<InventoryUnitView, TimeFormat>([
  verbatim('id', (view) => int(view.unit.id), wire.int),
  verbatim('quantity', (view) => decimal(view.unit.quantity), wire.decimal),
  verbatim('quantity_available', (view) => decimal(view.unit.quantity), wire.decimal),
  ...restOfUnitFields,
]);

/** The per-part listing form (SPEC 2.1): four fields, as the spec lists them. */
export const listedUnitForm = form<ListedUnit>([
  verbatim('quantity', (unit) => decimal(unit.quantity), wire.decimal),
  verbatim('cost_per_unit', (unit) => decimal(unit.cost_per_unit), wire.decimal),
  verbatim('inventory_sublocation_id', (unit) => int(unit.inventory_sublocation_id), wire.int),
  verbatim('unit_id', (unit) => int(unit.unit_id), wire.int),
]);

/** An inventory record (docs/decisions.md, "Inventory units"). */
export const inventoryRecordForm = form<InventoryRecord, TimeFormat>([
  verbatim('id', (record) => int(record.id), wire.int),
  verbatim('inventory_unit_id', (record) => int(record.inventory_unit_id), wire.int),
  text('record_type', (record) => record.record_type),
  verbatim('quantity_before', (record) => decimal(record.quantity_before), wire.decimal),
  verbatim('quantity_after', (record) => decimal(record.quantity_after), wire.decimal),
  verbatim('from_sublocation_id', (record) => int(record.from_sublocation_id), wire.int),
  verbatim('to_sublocation_id', (record) => int(record.to_sublocation_id), wire.int),
  verbatim('related_inventory_unit_id', (record) => int(record.related_inventory_unit_id), wire.int),
  text('comment', (record) => record.comment),
  verbatim('creator_id', (record) => int(record.creator_id), wire.int),
  verbatim('created_at', (record, time) => time.iso(record.created_at), wire.isoTime),
]);

/** A search result (DESIGN 3): ids and quantities first, `bin` a deprecated copy of the bin, then the rest of the full form. */
export const searchedUnitForm = form<InventoryUnitView, TimeFormat>([
  verbatim('id', (view) => int(view.unit.id), wire.int),
  verbatim('part_id', (view) => int(view.unit.part_id), wire.int),
  verbatim('inventory_sublocation_id', (view) => int(view.unit.inventory_sublocation_id), wire.int),
  verbatim('unit_id', (view) => int(view.unit.unit_id), wire.int),
  text('sublocation_bin', (view) => view.unit.sublocation_bin),
  text('bin', (view) => view.unit.sublocation_bin),
  verbatim('quantity', (view) => decimal(view.unit.quantity), wire.decimal),
  verbatim('quantity_available', (view) => decimal(view.unit.quantity), wire.decimal),
  verbatim('cost_per_unit', (view) => decimal(view.unit.cost_per_unit), wire.decimal),
  ...unitFieldsBut('cost_per_unit', 'sublocation_bin'),
]);
