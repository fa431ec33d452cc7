import { dispositions } from './attachments/download-link';
import { ADJUSTMENT_TYPES, adjustFields, moveFields, updateUnitFields } from './inventory/change-unit/change-unit-input';
import { createUnitFields } from './inventory/create-unit/create-unit-input';
import { INVENTORY_PERMISSION } from './inventory/inventory-permission';
import { recordFields } from './inventory/record-input';
import { COMPARISONS, SEARCH_FIELDS } from './inventory/search-units/search-query';
import { splitFields } from './inventory/split-unit/split-unit-input';
import { alternateFields, partFields, revisionFields } from './parts/part-fields';
import { quoteFields } from './parts/quotes/quote-input';
import { vendorPartNumberFields } from './parts/vendor-part-numbers/vendor-part-number-input';
import { SUBLOCATION_LIST, sublocationFields } from './reference/inventory-location';
import { bodyFields as newRevisionFields } from './revisions/create-revision/create-revision-input';
import { ANCESTOR_ACTIONS, ancestorFields, renameFields, UNIT_ACTIONS, unitFields } from './revisions/release-revision/release-input';
import { itemFields as addedSubpartFields, requestFields as addSubpartsFields } from './revisions/subparts/add-subparts/add-subparts-input';
import { MAX_BILL_DEPTH, MAX_BOM_LINES } from './revisions/explode-bom/bom-bounds';
import { ADDING_PERMISSION } from './revisions/subparts/change-subparts';
import { subpartChangeFields, subpartFields } from './revisions/subparts/subpart-input';
import { purchaseOrderStatuses } from './tables/purchasing-tables';

/**
 * The fields each command's body reads, as its parse step declares them (reference resources
 * carry theirs on their definitions): what a description of the API shows. No request reads this.
 */
export const requestFields = {
  part: partFields,
  revision: revisionFields,
  alternatePart: alternateFields,
  newRevision: newRevisionFields,
  addSubparts: addSubpartsFields,
  addedSubpart: addedSubpartFields,
  releaseRename: renameFields,
  releaseUnit: unitFields,
  releaseAncestor: ancestorFields,
  subpart: subpartFields,
  subpartChange: subpartChangeFields,
  quote: quoteFields,
  vendorPartNumber: vendorPartNumberFields,
  unitCreate: createUnitFields,
  unitUpdate: updateUnitFields,
  unitAdjust: adjustFields,
  unitMove: moveFields,
  unitSplit: splitFields,
  inventoryRecord: recordFields,
  locationSublocation: sublocationFields,
} as const;

/** The closed sets of values some parameters take, and the list a location create names its sublocations in. */
export const requestValues = {
  adjustmentTypes: ADJUSTMENT_TYPES,
  releaseUnitActions: UNIT_ACTIONS,
  releaseAncestorActions: ANCESTOR_ACTIONS,
  searchFields: SEARCH_FIELDS,
  searchComparisons: COMPARISONS,
  purchaseOrderStatuses,
  dispositions,
  maxBillDepth: MAX_BILL_DEPTH,
  maxBomLines: MAX_BOM_LINES,
  locationSublocationList: SUBLOCATION_LIST,
} as const;

/** The permissions commands outside the reference resources ask for (those carry theirs on their definitions). */
export const commandPermissions = {
  /** Every inventory unit operation. */
  inventory: INVENTORY_PERMISSION,
  /** Adding bill lines (one or many); changing or removing a line needs only a valid token. */
  billChange: ADDING_PERMISSION,
} as const;
