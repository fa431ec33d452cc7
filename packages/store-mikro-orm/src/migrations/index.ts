import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Initial } from './0001-initial';
import { Migration0002UnitDescriptionText } from './0002-unit-description-text';
import { Migration0003Parts } from './0003-parts';
import { Migration0004Subparts } from './0004-subparts';
import { Migration0005Inventory } from './0005-inventory';
import { Migration0006SearchIndexes } from './0006-search-indexes';
import { Migration0007PurchasingAttachments } from './0007-purchasing-attachments';
import { Migration0008TokenReadOnly } from './0008-token-read-only';
import { Migration0009RateLimitTable } from './0009-rate-limit-table';
import { Migration0010SerialNumberPerPart } from './0010-serial-number-per-part';
import { Migration0011LargeObjectBlobTable } from './0011-large-object-blob-table';
import { Migration0012Events } from './0012-events';
import { Migration0013IdempotencyKeys } from './0013-idempotency-keys';
import { Migration0014Webhooks } from './0014-webhooks';
import { Migration0015SubpartPositionIndex } from './0015-subpart-position-index';
import { Migration0016SubpartOrderIndex } from './0016-subpart-order-index';
import { Migration0017SubpartRevisionIndex } from './0017-subpart-revision-index';

/**
 * Every migration, in order. Imported statically so the bundled dist carries them:
 * nothing is discovered from the file system at run time. Append new ones; never edit applied ones.
 */
export const migrationsList: MigrationObject[] = [
  { name: '0001_initial', class: Migration0001Initial },
  { name: '0002_unit_description_text', class: Migration0002UnitDescriptionText },
  { name: '0003_parts', class: Migration0003Parts },
  { name: '0004_subparts', class: Migration0004Subparts },
  { name: '0005_inventory', class: Migration0005Inventory },
  { name: '0006_search_indexes', class: Migration0006SearchIndexes },
  { name: '0007_purchasing_attachments', class: Migration0007PurchasingAttachments },
  { name: '0008_token_read_only', class: Migration0008TokenReadOnly },
  { name: '0009_rate_limit_table', class: Migration0009RateLimitTable },
  { name: '0010_serial_number_per_part', class: Migration0010SerialNumberPerPart },
  { name: '0011_large_object_blob_table', class: Migration0011LargeObjectBlobTable },
  { name: '0012_events', class: Migration0012Events },
  { name: '0013_idempotency_keys', class: Migration0013IdempotencyKeys },
  { name: '0014_webhooks', class: Migration0014Webhooks },
  { name: '0015_subpart_position_index', class: Migration0015SubpartPositionIndex },
  { name: '0016_subpart_order_index', class: Migration0016SubpartOrderIndex },
  { name: '0017_subpart_revision_index', class: Migration0017SubpartRevisionIndex },
];
