/**
 * Stored records, inferred from the table declarations (`tables/`). Field names are the wire
 * names (snake_case), so representations, storage columns and validation speak one vocabulary.
 * Decimals are canonical strings.
 */
import type { RecordOf } from './tables/define-table';
import type { addressColumns } from './tables/reference-tables';
import type { tables, TableName } from './tables/tables';

export type { TableName };

/** Every table's record, by table name. */
export type Tables = { [K in TableName]: RecordOf<(typeof tables)[K]> };

export type Customer = Tables['customer'];
export type Contact = Tables['contact'];
export type Manufacturer = Tables['manufacturer'];
export type Vendor = Tables['vendor'];
export type Linecard = Tables['linecard'];
export type Parttype = Tables['parttype'];
export type Unit = Tables['unit'];
export type UnitConversion = Tables['unit_conversion'];
export type InventoryLocation = Tables['inventory_location'];
export type InventorySublocation = Tables['inventory_sublocation'];
export type Part = Tables['part'];
export type PartRevision = Tables['part_revision'];
export type PartRevisionAttribute = Tables['part_revision_attribute'];
export type AlternatePart = Tables['alternate_part'];
export type VendorPartNumber = Tables['vendor_part_number'];
export type Quote = Tables['quote'];
export type Subpart = Tables['subpart'];
export type InventoryUnit = Tables['inventory_unit'];
export type InventoryRecord = Tables['inventory_record'];
export type PurchaseOrder = Tables['purchase_order'];
export type PurchaseItem = Tables['purchase_item'];
export type Attachment = Tables['attachment'];
export type SiteSecret = Tables['site_secret'];
export type ApiToken = Tables['api_token'];
export type EventRecord = Tables['event'];
export type IdempotencyKeyRow = Tables['idempotency_key'];
export type WebhookRow = Tables['webhook'];

export type AddressFields = RecordOf<{ columns: typeof addressColumns }>;
export interface Timestamps {
  created_at: Date;
  updated_at: Date;
}
