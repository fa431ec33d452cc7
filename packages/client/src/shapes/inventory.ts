import {
  decimal,
  int,
  isoTimestamp,
  nullableDecimal,
  nullableInt,
  nullableText,
  record,
  text,
  type Shape,
} from '../codec/decoders';
import type { InventoryRecord, InventoryUnit, ListedInventoryUnit, SearchedInventoryUnit } from '../types/inventory';

const unitShape: Shape<InventoryUnit> = {
  id: int,
  quantity: decimal,
  quantity_available: decimal,
  unit: text,
  cost_per_unit: nullableDecimal,
  currency: text,
  inventory_location: text,
  sublocation_bin: nullableText,
  asset_id: nullableText,
  serial_number: nullableText,
  lot_code: nullableText,
  datecode: nullableText,
  details: nullableText,
  purchase_order_number: nullableText,
  purchase_quantity: nullableDecimal,
  purchase_price: nullableDecimal,
  vendor: nullableText,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
};

export const inventoryUnit = record<InventoryUnit>(unitShape);

export const listedInventoryUnit = record<ListedInventoryUnit>({
  quantity: decimal,
  cost_per_unit: nullableDecimal,
  inventory_sublocation_id: int,
  unit_id: int,
});

export const searchedInventoryUnit = record<SearchedInventoryUnit>({
  ...unitShape,
  part_id: int,
  inventory_sublocation_id: int,
  unit_id: int,
  bin: nullableText,
});

export const inventoryRecord = record<InventoryRecord>({
  id: int,
  inventory_unit_id: int,
  record_type: text,
  quantity_before: decimal,
  quantity_after: decimal,
  from_sublocation_id: nullableInt,
  to_sublocation_id: nullableInt,
  related_inventory_unit_id: nullableInt,
  comment: nullableText,
  creator_id: int,
  created_at: isoTimestamp,
});
