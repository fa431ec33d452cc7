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
import type { Columns, TableDecl } from './define-table';

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

/**
 * Throws for a reference to a table not declared, or indexed by an index its table does not
 * declare or that does not begin with its column.
 */
export function checkDeclarations(declared: Readonly<Record<string, Pick<TableDecl<Columns>, 'references' | 'indexes'>>>): void {
  for (const [name, table] of Object.entries(declared)) {
    for (const ref of table.references) {
      if (!(ref.table in declared)) throw new Error(`table ${name}: ${ref.column} references unknown table ${ref.table}`);
      if (ref.indexedBy === undefined) continue;
      const index = table.indexes?.find((candidate) => candidate.name === ref.indexedBy);
      if (index?.columns[0] !== ref.column || (index.using ?? 'btree') !== 'btree') {
        throw new Error(`table ${name}: ${ref.column} is indexed by ${ref.indexedBy}, which is not a B-tree index of the table beginning with it`);
      }
    }
  }
}

// Checked once, when the registry loads.
checkDeclarations(tables);
