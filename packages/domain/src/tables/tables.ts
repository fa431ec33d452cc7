import {
  contactTable,
  customerTable,
  inventoryLocationTable,
  inventorySublocationTable,
  linecardTable,
  manufacturerTable,
  parttypeTable,
  unitConversionTable,
  unitTable,
  vendorTable,
} from './reference-tables';
import {
  alternatePartTable,
  partRevisionAttributeTable,
  partRevisionTable,
  partTable,
  quoteTable,
  subpartTable,
  vendorPartNumberTable,
} from './part-tables';
import { inventoryRecordTable, inventoryUnitTable } from './inventory-tables';
import { purchaseItemTable, purchaseOrderTable } from './purchasing-tables';
import { attachmentTable, siteSecretTable } from './attachment-tables';
import { apiTokenTable } from './token-tables';
import { eventTable } from './event-tables';
import { idempotencyKeyTable } from './idempotency-tables';
import { webhookTable } from './webhook-tables';

/**
 * Every table a store keeps, by name: the one registry adapters and the contract kit read.
 * A new table is declared in its aggregate's file and added here; nothing else lists tables.
 */
export const tables = {
  customer: customerTable,
  contact: contactTable,
  manufacturer: manufacturerTable,
  vendor: vendorTable,
  linecard: linecardTable,
  parttype: parttypeTable,
  unit: unitTable,
  unit_conversion: unitConversionTable,
  inventory_location: inventoryLocationTable,
  inventory_sublocation: inventorySublocationTable,
  part: partTable,
  part_revision: partRevisionTable,
  part_revision_attribute: partRevisionAttributeTable,
  alternate_part: alternatePartTable,
  vendor_part_number: vendorPartNumberTable,
  quote: quoteTable,
  subpart: subpartTable,
  inventory_unit: inventoryUnitTable,
  inventory_record: inventoryRecordTable,
  purchase_order: purchaseOrderTable,
  purchase_item: purchaseItemTable,
  attachment: attachmentTable,
  site_secret: siteSecretTable,
  api_token: apiTokenTable,
  event: eventTable,
  idempotency_key: idempotencyKeyTable,
  webhook: webhookTable,
} as const;

export type TableName = keyof typeof tables;

// A reference must name a declared table; checked once, when the registry loads.
for (const [name, table] of Object.entries(tables)) {
  for (const ref of table.references) {
    if (!(ref.table in tables)) throw new Error(`table ${name}: ${ref.column} references unknown table ${ref.table}`);
  }
}
