import { col, timestamps } from './column';
import { defineTable } from './define-table';

/** What an inventory record says happened to its unit (DESIGN 4). */
export const inventoryRecordTypes = ['create', 'adjust', 'consume', 'move', 'split', 'dispose', 'receive'] as const;
export type InventoryRecordType = (typeof inventoryRecordTypes)[number];

/** The unit's own text the unit search looks in (its part's `partnumber` besides). */
const searchedText = ['asset_id', 'serial_number', 'lot_code', 'datecode', 'details', 'purchase_order_number', 'vendor', 'sublocation_bin'] as const;

/** A quantity of one part kept at one sublocation (SPEC 2.1). */
export const inventoryUnitTable = defineTable({
  columns: {
    id: col.id,
    part_id: col.required.integer,
    /** The unit of measure the quantity counts in. */
    unit_id: col.required.integer,
    inventory_sublocation_id: col.required.integer,
    quantity: col.required.decimal,
    cost_per_unit: col.decimal,
    currency: col.required.string,
    sublocation_bin: col.string,
    asset_id: col.string,
    serial_number: col.string,
    lot_code: col.string,
    datecode: col.string,
    details: col.text,
    purchase_order_number: col.string,
    purchase_quantity: col.decimal,
    purchase_price: col.decimal,
    vendor: col.string,
    /** The purchase order the unit was received on. */
    purchase_order_id: col.integer,
    ...timestamps,
  },
  unique: [
    { name: 'inventory_unit_asset_id_unique', columns: ['asset_id'], field: 'asset_id' },
    // A serial number names one item of its part: no two units of a part share one (nulls do not count).
    { name: 'inventory_unit_part_serial_number_unique', columns: ['part_id', 'serial_number'], field: 'serial_number' },
  ],
  references: [
    { column: 'part_id', table: 'part' },
    { column: 'unit_id', table: 'unit' },
    { column: 'inventory_sublocation_id', table: 'inventory_sublocation' },
    { column: 'purchase_order_id', table: 'purchase_order' },
  ],
  // The unit search (DESIGN 3) looks for a term inside any of these, in any case.
  indexes: searchedText.map((column) => ({ name: `inventory_unit_${column}_trgm`, columns: [column], using: 'trigram' as const })),
  label: 'inventory units',
});

/**
 * One change to a unit, written in the transaction that made it and never changed afterwards:
 * the unit's quantity is always the sum of `quantity_after - quantity_before` over its records.
 */
export const inventoryRecordTable = defineTable({
  columns: {
    id: col.id,
    inventory_unit_id: col.required.integer,
    part_id: col.required.integer,
    record_type: col.required.string,
    quantity_before: col.required.decimal,
    quantity_after: col.required.decimal,
    /** Where a move took the unit from and to; a create or split names where the unit began. */
    from_sublocation_id: col.integer,
    to_sublocation_id: col.integer,
    /** A split's other unit: the new one on the original's record, the original on the new one's. */
    related_inventory_unit_id: col.integer,
    comment: col.text,
    /** The token that made the change (tokens stand for users here; fixtures write 0). */
    creator_id: col.required.integer,
    created_at: col.required.timestamp,
  },
  unique: [],
  references: [
    { column: 'inventory_unit_id', table: 'inventory_unit' },
    { column: 'part_id', table: 'part' },
  ],
  label: 'inventory records',
});
