export {
  PipsError,
  isPipsError,
  isUniqueViolation,
  errors,
  messages,
  humanize,
  type ErrorCode,
  type ErrorDetails,
  type ItemError,
  type Problem,
} from './errors';
export {
  parseDecimal,
  canonicalDecimal,
  compareDecimal,
  addDecimal,
  subtractDecimal,
  DECIMAL_INTEGER_DIGITS,
  DECIMAL_FRACTION_DIGITS,
  type DecimalCheck,
} from './decimal';
export type { Input, FieldSpec, FieldSpecs, FieldType } from './fields';
export { requestFields, requestValues, commandPermissions } from './request-fields';
export { checkExpectedBlob, type BlobStore, type BlobInfo, type ByteRange, type ByteStream, type StoredBlob } from './blob-port';
export type * from './records';
export {
  systemClock,
  type Store,
  type Tx,
  type ReadTx,
  type Repository,
  type ReadRepository,
  type Row,
  type NewRow,
  type Where,
  type Condition,
  type ConditionOperators,
  type FindOptions,
  type Clock,
  type WriteOptions,
} from './ports';
export {
  permissions,
  permissionLabels,
  isPermission,
  requirePermission,
  type Permission,
  type Principal,
} from './permissions';
export { callerContext, type Context } from './context';
export {
  one,
  many,
  count,
  ref,
  tree,
  reach,
  param,
  isPlanRef,
  isPlanParam,
  argumentOf,
  checkPlan,
  type Plan,
  type PlanEntry,
  type PlanOne,
  type ManyOptions,
  type PlanMany,
  type PlanCount,
  type PlanTree,
  type TreeOptions,
  type TreeItem,
  type TreeWalk,
  type PlanReach,
  type ReachOptions,
  type ReachWalk,
  type PlanRef,
  type PlanParam,
  type PlanArgs,
  type PlanCondition,
  type PlanResult,
  type PlanWhere,
} from './read-plan';
export { runPlan, type PlanFinder } from './run-plan';
export {
  writePlan,
  writtenRows,
  insertRow,
  insertUnread,
  isRead,
  updateRow,
  deleteRows,
  insertedId,
  isInsertedId,
  referencesOf,
  forwardReferences,
  type WritePlan,
  type WriteStep,
  type InsertStep,
  type UpdateStep,
  type DeleteStep,
  type InsertedId,
  type PlannedValues,
  type WrittenRows,
} from './write-plan';
export { isCurrencyCode, type Site } from './site';
export { LIST_BATCH_SIZE } from './stream-batches';
export { streamRecords, type Columns, type StreamOptions } from './reference/engine/stream-records';
export { showRecord } from './reference/engine/show-record';
export { createRecord } from './reference/engine/create-record';
export { updateRecord } from './reference/engine/update-record';
export { parseRecord, parseRecordChanges, type RecordInput, type NewRecordInput } from './reference/engine/record-input';
export { deleteRecord } from './reference/engine/delete-record';
export type { ResourceDef, Shown } from './reference/engine/resource-def';
export { customerResource, type CustomerRelated } from './reference/customer';
export { contactResource } from './reference/contact';
export { manufacturerResource, type ManufacturerRelated } from './reference/manufacturer';
export { vendorResource, type VendorRelated } from './reference/vendor';
export { parttypeResource, type ParttypeRelated } from './reference/parttype';
export { unitResource, type UnitRelated } from './reference/unit';
export { unitConversionResource } from './reference/unit-conversion';
export {
  inventoryLocationResource,
  DEFAULT_SUBLOCATION_NAME,
  type LocationRelated,
} from './reference/inventory-location';
export { inventorySublocationResource } from './reference/inventory-sublocation';
export { addLinecard } from './reference/linecard/add-linecard';
export { removeLinecard } from './reference/linecard/remove-linecard';
export { parseLinecardPair, type LinecardPair } from './reference/linecard/linecard-pair';
export { addVendorPartNumber } from './parts/vendor-part-numbers/add-vendor-part-number';
export { parseVendorPartNumber, type VendorPartNumberInput } from './parts/vendor-part-numbers/vendor-part-number-input';
export { removeVendorPartNumber, VENDOR_PART_NUMBER_MODEL } from './parts/vendor-part-numbers/remove-vendor-part-number';
export { addQuote } from './parts/quotes/add-quote';
export { parseQuote, type QuoteInput } from './parts/quotes/quote-input';
export { removeQuote } from './parts/quotes/remove-quote';
export {
  DEFAULT_PER_PAGE,
  MAX_PER_PAGE,
  parsePageRequest,
  paginate,
  findPage,
  type PageRequest,
  type Pagination,
} from './paging';
export { parseIsoTimestamp } from './iso-timestamp';
export { streamBatches } from './stream-batches';
export { rubyFloat } from './parts/ruby-float';
export { parseValueText } from './parts/value-text';
export { formatPartNumber } from './parts/part-number';
export { NUMERIC_ATTRIBUTES } from './parts/custom-attributes';
export type { PartRef } from './parts/part-lookup';
export type { PartListItem, RevisionView } from './parts/part-list-item';
export type { PartView, PartInventoryUnit, PartlistPart, PartSubpart, PartAttachment } from './views/part-view';
export { listParts, type PartList } from './parts/list-parts/list-parts';
export { showPart } from './views/show-part/show-part';
export { createPart, updatePart } from './views/part-writes';
export { parseCreatePart, type CreatePartInput } from './parts/create-part/create-part-input';
export { parseUpdatePart, type UpdatePartInput } from './parts/update-part/update-part-input';
export { deletePart } from './parts/delete-part/delete-part';
export type { DeleteGuard, PartDeleteFacts } from './parts/delete-part/delete-guards';
export { revisionStatuses, type RevisionStatus } from './tables/part-tables';
export { listRevisions, showRevision, listPartAncestors } from './revisions/read-revisions/read-revisions';
export type { RevisionShowView, PartSummary } from './revisions/revision-view';
export { addSubpart, updateSubpart, removeSubpart } from './revisions/subparts/change-subparts';
export { parseSubpart, parseSubpartChanges, type SubpartInput, type SubpartChanges } from './revisions/subparts/subpart-input';
export { addSubparts } from './revisions/subparts/add-subparts/add-subparts';
export { parseAddSubparts, type AddSubpartsInput } from './revisions/subparts/add-subparts/add-subparts-input';
export { createRevision } from './revisions/create-revision/create-revision';
export { parseCreateRevision, type CreateRevisionInput } from './revisions/create-revision/create-revision-input';
export { deleteRevision } from './revisions/delete-revision/delete-revision';
export { releaseRevision } from './revisions/release-revision/release-revision';
export { parseRelease, type ReleaseInput } from './revisions/release-revision/release-input';
export { explodeBom, type BomView } from './revisions/explode-bom/explode-bom';
export { MAX_BOM_LINES } from './revisions/explode-bom/bom-bounds';
export { parseLevels, type BomLevels } from './revisions/explode-bom/bom-levels';
export type { ExplodedLine, BomCost } from './revisions/explode-bom/explode-bill';
export type { UnitCost } from './revisions/explode-bom/unit-cost';
export type { InventoryUnitView } from './inventory/unit-view';
export { showInventoryUnit } from './inventory/read-units/show-unit';
export { listPartUnits, type ListedUnit } from './views/list-part-units';
export { listUnitRecords, type UnitRecords } from './inventory/read-units/list-unit-records';
export { createInventoryUnit } from './inventory/create-unit/create-unit';
export { parseCreateUnit, type CreateUnitInput } from './inventory/create-unit/create-unit-input';
export { updateInventoryUnit } from './inventory/change-unit/update-unit';
export { parseUpdateUnit, type UpdateUnitInput, type UnitDetailChanges } from './inventory/change-unit/change-unit-input';
export { adjustInventoryQuantity } from './inventory/change-unit/adjust-quantity';
export { parseAdjust, type AdjustInput, type AdjustmentType } from './inventory/change-unit/change-unit-input';
export { moveInventoryUnit } from './inventory/change-unit/move-unit';
export { parseMove, type MoveInput } from './inventory/change-unit/change-unit-input';
export { splitInventoryUnit } from './inventory/split-unit/split-unit';
export { parseSplit, type SplitInput } from './inventory/split-unit/split-unit-input';
export { searchInventoryUnits, type UnitSearch } from './inventory/search-units/search-units';
export { inventoryRecordTypes, type InventoryRecordType } from './tables/inventory-tables';
export { listEvents, numberEvents } from './event-feed/list-events';
export { parseEventQuery, MAX_EVENT_WAIT, type EventQuery } from './event-feed/event-query';
export { eventStep, type EventSource, type EventPath, type EventView } from './events';
export { issueToken, type IssuedToken } from './tokens/issue-token';
export { parseIssueToken, type IssueTokenRequest, type IssueTokenInput } from './tokens/issue-token-input';
export { ensureToken } from './tokens/ensure-token';
export { authenticate } from './tokens/authenticate';
export { listTokens, hasLiveToken } from './tokens/list-tokens';
export { revokeToken } from './tokens/revoke-token';
export { updateToken, type UpdatedToken } from './tokens/update-token';
export { parseUpdateToken, type UpdateTokenRequest, type UpdateTokenInput } from './tokens/update-token-input';
export { BOOTSTRAP_TOKEN_NAME } from './tokens/bootstrap-token-name';
export { parsePermissions, principalOf } from './tokens/token-permissions';
export { claimKey, type ClaimOutcome } from './idempotency/claim-key';
export { markingStore } from './idempotency/marking-store';
export { keepAnswer, finishWithoutAnswer, sweepKeys } from './idempotency/finish-key';
export { KEY_LIFETIME_MS, CLAIM_LEASE_MS, type KeptAnswer, type KeyClaim, type KeyRequest } from './idempotency/kept-answer';
export type { TokenDeps } from './tokens/token-deps';
export { listPurchaseOrders, type PurchaseOrderList } from './purchasing/list-purchase-orders/list-purchase-orders';
export { showPurchaseOrder } from './purchasing/read-purchase-order/show-purchase-order';
export type { PurchaseOrderView } from './purchasing/purchase-order-view';
export { importPurchaseOrders, type ImportSummary } from './purchasing/import-purchase-orders/import-purchase-orders';
export { parsePurchaseOrderImport, type ImportedOrder } from './purchasing/import-purchase-orders/import-input';
export { purchaseOrderStatuses, type PurchaseOrderStatus } from './tables/purchasing-tables';
export { attachFile } from './attachments/attach-file';
export { parseAttach, type AttachRequest, type AttachInput } from './attachments/attach-input';
export { detachFile } from './attachments/detach-file';
export { sweepOrphanBlobs, type SweepResult } from './attachments/sweep-orphan-blobs';
export { listAttachments, showAttachment, type AttachmentList } from './attachments/read-attachments';
export { downloadLink, parseDisposition, LINK_LIFETIME_MS, dispositions, type Disposition, type DownloadLink } from './attachments/download-link';
export { rotateSiteSecret, siteSecret } from './attachments/site-secret';
export { isActiveContent, servedDisposition } from './attachments/active-content';
export { mediaTypeEssence } from './attachments/media-type';
export { MAX_RECORD_ID, parseRecordId } from './record-id';
export { attachmentParentTypes, type AttachmentParentType } from './tables/attachment-tables';
export { parseAddWebhook, webhookWants, type AddWebhookRequest, type AddWebhookInput } from './webhooks/webhook-input';
export { isWebhookSecret, newWebhookSecret, webhookKey, WEBHOOK_SECRET_PREFIX } from './webhooks/webhook-secret';
export { webhookStates, webhookView, type WebhookState, type WebhookView } from './webhooks/webhook-view';
export type { WebhookDeps } from './webhooks/webhook-deps';
export { addWebhook } from './webhooks/add-webhook';
export { countWebhooks, listWebhooks, removeWebhook, resumeWebhook } from './webhooks/manage-webhooks';
export { FIRST_RETRY_MS, GIVE_UP_AFTER_MS, LEASE_MS, MAX_RETRY_MS, retryDelayMs } from './webhooks/delivery-schedule';
export { givesUp, planClaim, planDelivered, planFailed, planHandBack, type WebhookClaim } from './webhooks/delivery-plans';
export {
  claimWebhook,
  dueWebhooks,
  pendingEvents,
  recordDelivered,
  recordFailed,
  releaseWebhook,
  type PendingEvents,
  type WebhookDeliveryDeps,
} from './webhooks/webhook-delivery';
