export {
  PipsError,
  isPipsError,
  isUniqueViolation,
  errors,
  messages,
  humanize,
  recordsLabel,
  type ErrorCode,
  type ErrorDetails,
  type ItemError,
} from './errors';
export {
  columns,
  columnOf,
  isNotNull,
  blankNotNull,
  tooLongColumns,
  STRING_LENGTH,
  type ColumnKind,
  type ColumnSpec,
  type TableSpec,
} from './columns';
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
export { coerce, readFields, asInput, type Input, type FieldSpec, type FieldSpecs, type FieldType } from './fields';
export type * from './records';
export { schema, sequenceNames, type SequenceName, type TableSchema, type UniqueKey, type Reference } from './schema';
export {
  systemClock,
  type Store,
  type Tx,
  type Repository,
  type Row,
  type NewRow,
  type Where,
  type Condition,
  type ConditionOperators,
  type FindOptions,
  type Clock,
} from './ports';
export {
  permissions,
  permissionLabels,
  isPermission,
  requirePermission,
  type Permission,
  type Principal,
} from './permissions';
export type { Context } from './context';
export { isCurrencyCode, type Site } from './site';
export {
  streamRecords,
  LIST_BATCH_SIZE,
  showRecord,
  createRecord,
  updateRecord,
  deleteRecord,
  type ResourceDef,
  type Shown,
} from './resource';
export { customerResource, type CustomerRelated } from './resources/customer';
export { contactResource } from './resources/contact';
export { manufacturerResource, type ManufacturerRelated } from './resources/manufacturer';
export { vendorResource, type VendorRelated } from './resources/vendor';
export { parttypeResource, type ParttypeRelated } from './resources/parttype';
export { unitResource, type UnitRelated } from './resources/unit';
export { unitConversionResource } from './resources/unit-conversion';
export {
  inventoryLocationResource,
  DEFAULT_SUBLOCATION_NAME,
  type LocationRelated,
} from './resources/inventory-location';
export { inventorySublocationResource } from './resources/inventory-sublocation';
export { addLinecard, removeLinecard } from './resources/linecard';
export { addVendorPartNumber } from './parts/vendor-part-numbers/add-vendor-part-number';
export { removeVendorPartNumber, VENDOR_PART_NUMBER_MODEL } from './parts/vendor-part-numbers/remove-vendor-part-number';
export { addQuote } from './parts/quotes/add-quote';
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
export type {
  PartView,
  PartListItem,
  RevisionView,
  PartInventoryUnit,
  PartlistPart,
  PartSubpart,
  PartAttachment,
} from './parts/part-view';
export { listParts, type PartList } from './parts/list-parts/list-parts';
export { showPart } from './parts/show-part/show-part';
export { createPart } from './parts/create-part/create-part';
export { updatePart } from './parts/update-part/update-part';
export { deletePart } from './parts/delete-part/delete-part';
export type { DeleteGuard } from './parts/delete-part/delete-guards';
export { revisionStatuses, type RevisionStatus } from './tables/part-tables';
export {
  issueToken,
  ensureToken,
  authenticate,
  hasLiveToken,
  listTokens,
  revokeToken,
  parsePermissions,
  principalOf,
  type TokenDeps,
  type IssuedToken,
} from './tokens';
