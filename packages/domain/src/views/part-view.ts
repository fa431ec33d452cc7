// The part's show form spans aggregates: its stock (inventory), the bills it heads and sits on
// (revisions) and its attachments. So it sits above them all, and the part commands that answer
// with it get it from here (part-writes.ts) rather than importing it.
import type { ReadTx } from '../ports';
import { many, one, param, ref, type PlanRef, type PlanWhere } from '../read-plan';
import { INVENTORY_PERMISSION } from '../inventory/inventory-permission';
import type { Principal } from '../permissions';
import type {
  AlternatePart,
  Attachment,
  InventoryLocation,
  InventorySublocation,
  InventoryUnit,
  Manufacturer,
  Part,
  PartRevision,
  PartRevisionAttribute,
  Quote,
  Subpart,
  VendorPartNumber,
} from '../records';
import { billLines, currentUses, usedOnEntries } from '../revisions/bill-lines';
import { inDefinedOrder } from '../parts/custom-attributes';
import type { RevisionView } from '../parts/part-list-item';
import { chooseRevision, partNotFound, type PartRef } from '../parts/part-lookup';
import type { ChangedPart, CreatedPart } from '../parts/part-answer';

/** A unit of stock as a part's show form lists it (SPEC 2.1, form inside a part). */
export interface PartInventoryUnit {
  readonly id: number;
  readonly quantity: string;
  readonly inventory_location_id: number;
  readonly inventory_location_name: string;
  readonly inventory_sublocation_id: number;
  readonly inventory_sublocation_name: string;
  readonly sublocation_bin: string | null;
  readonly purchase_order_id: number | null;
}

/** A bill of material the part sits on (SPEC 2.13 partlist_parts). */
export interface PartlistPart {
  readonly part_id: number;
  readonly part_revision_id: number;
  readonly quantity: string;
  readonly comment: string | null;
  readonly no_load: boolean;
}

/** A line of the shown revision's bill of material (SPEC 2.10, as inside a part). */
export interface PartSubpart {
  readonly id: number;
  readonly subpart_id: number;
  readonly quantity: string;
  readonly build_sequence: number | null;
  readonly designator: string | null;
  readonly comment: string | null;
  readonly no_load: boolean;
  readonly part_id: number;
  readonly part_revision_id: number;
  readonly position: number;
}

/** What the in-part attachment form reads of an attachment (SPEC 2.17). */
const ATTACHMENT_COLUMNS = ['id', 'created_by', 'title', 'note_type', 'content_type', 'position', 'published_at', 'md5', 'file_size', 'parent_reference'] as const;

/** A file attached to the part (SPEC 2.17). */
export type PartAttachment = Pick<Attachment, (typeof ATTACHMENT_COLUMNS)[number]>;

/** A part as show, create and update answer it: one revision and every repeated group. */
export interface PartView {
  readonly part: Part;
  /** The active revision, or the one `revision_id` selected (or an update changed). */
  readonly revision: RevisionView;
  readonly quotes: readonly Quote[];
  readonly vendorPartNumbers: readonly VendorPartNumber[];
  readonly alternateParts: readonly AlternatePart[];
  readonly inventoryUnits: readonly PartInventoryUnit[];
  /** The lines listing this part on other parts' current revisions. */
  readonly partlistParts: readonly PartlistPart[];
  /** The shown revision's bill, in its order. */
  readonly subparts: readonly PartSubpart[];
  readonly attachments: readonly PartAttachment[];
  /** The part's manufacturer, shown as its manufacturer family. */
  readonly manufacturer: Manufacturer | null;
}

/** The groups every part shows, for the part an entry `part` of the plan holds. */
const groupEntries = (part: number | PlanRef) => ({
  quotes: many('quote', { part_id: part }),
  vendorPartNumbers: many('vendor_part_number', { part_id: part }),
  alternateParts: many('alternate_part', { part_id: part }),
  units: many('inventory_unit', { part_id: part }, { columns: UNIT_COLUMNS }),
  unitSublocations: many('inventory_sublocation', { id: ref('units', 'inventory_sublocation_id') }),
  unitLocations: many('inventory_location', { id: ref('unitSublocations', 'inventory_location_id') }),
  attachments: many('attachment', { parent_type: 'part', parent_id: part }, { columns: ATTACHMENT_COLUMNS, orderBy: [['position', 'asc']] }),
});

/** What the in-part unit form reads of a unit (SPEC 2.1). */
const UNIT_COLUMNS = ['id', 'quantity', 'inventory_sublocation_id', 'sublocation_bin', 'purchase_order_id'] as const;

/** The part's units in the in-part form, in id order, with their sublocation and location named. */
function partUnits(groups: Pick<LoadedGroups, 'units' | 'unitSublocations' | 'unitLocations'>): PartInventoryUnit[] {
  const sublocations = new Map(groups.unitSublocations.map((s) => [s.id, s]));
  const locations = new Map(groups.unitLocations.map((l) => [l.id, l]));
  return groups.units.map((unit) => {
    const sublocation = sublocations.get(unit.inventory_sublocation_id)!;
    const location = locations.get(sublocation.inventory_location_id)!;
    return {
      id: unit.id,
      quantity: unit.quantity,
      inventory_location_id: location.id,
      inventory_location_name: location.name,
      inventory_sublocation_id: sublocation.id,
      inventory_sublocation_name: sublocation.name,
      sublocation_bin: unit.sublocation_bin,
      purchase_order_id: unit.purchase_order_id,
    };
  });
}

/**
 * The view as `actor` may see it: the units name where stock is kept, which only holders of "Can
 * view inventory" see (docs/decisions.md, "Inventory units"); for others the group is empty.
 */
export function shownTo(view: PartView, actor: Principal): PartView {
  return actor.permissions.has(INVENTORY_PERMISSION) ? view : { ...view, inventoryUnits: [] };
}

interface LoadedGroups {
  quotes: Quote[];
  vendorPartNumbers: VendorPartNumber[];
  alternateParts: AlternatePart[];
  manufacturer: Manufacturer | null;
  /** The shown revision's bill lines (and maybe other revisions', which are left out). */
  billLines: Subpart[];
  usedOnLines: Subpart[];
  usedOnParts: Array<Pick<Part, 'id' | 'active_revision_id'>>;
  units: Array<Pick<InventoryUnit, (typeof UNIT_COLUMNS)[number]>>;
  unitSublocations: InventorySublocation[];
  unitLocations: InventoryLocation[];
  attachments: PartAttachment[];
}

/** The view of `part` with `revision` and its `attributes`, from the loaded groups. */
function viewOf(
  part: Part,
  revision: PartRevision,
  attributes: readonly PartRevisionAttribute[],
  groups: LoadedGroups,
): PartView {
  return {
    part,
    revision: { revision, attributes: inDefinedOrder(attributes) },
    quotes: groups.quotes,
    vendorPartNumbers: groups.vendorPartNumbers,
    alternateParts: groups.alternateParts,
    inventoryUnits: partUnits(groups),
    partlistParts: currentUses(groups),
    subparts: groups.billLines.filter((line) => line.part_revision_id === revision.id),
    attachments: groups.attachments,
    manufacturer: groups.manufacturer,
  };
}

/**
 * A part just created, as show would answer it: nothing refers to it yet, so its groups are the
 * rows its create wrote (attributes, alternates) and empty otherwise.
 */
export function newPartView(created: CreatedPart): PartView {
  return viewOf(created.part, created.revision, created.attributes, {
    quotes: [],
    vendorPartNumbers: [],
    alternateParts: [...created.alternates],
    manufacturer: created.manufacturer,
    billLines: [],
    usedOnLines: [],
    usedOnParts: [],
    units: [],
    unitSublocations: [],
    unitLocations: [],
    attachments: [],
  });
}

/**
 * What an update of a part reads for its answer in its own first statement, beside the part
 * (entry `parts`, locked) and its revisions (entry `revisions`) with their attributes: every
 * group, the manufacturer and every revision's bill, since which revision is shown is chosen later.
 */
export const CHANGED_PART_READS = {
  ...groupEntries(ref('parts', 'id')),
  manufacturer: one('manufacturer', { id: ref('parts', 'manufacturer_id') }),
  billLines: billLines(ref('revisions', 'id')),
  ...usedOnEntries(ref('parts', 'id')),
} as const;

/** The part an update left, as show would answer it: the groups read before its write, what it changed over them. */
export function changedPartView(loaded: Readonly<Record<string, unknown>>, changed: ChangedPart): PartView {
  const groups = loaded as unknown as LoadedGroups;
  return viewOf(changed.part, changed.revision, changed.attributes, {
    ...groups,
    alternateParts: changed.alternates ? [...changed.alternates] : groups.alternateParts,
    manufacturer: changed.manufacturer === undefined ? groups.manufacturer : changed.manufacturer,
  });
}

/**
 * Show's plan for the part an entry `part` finds (by id or by number, the parameter `part`): the
 * part, its revisions with their attributes and every group. Built once each, so adapters compile
 * them once.
 */
const showPlan = (part: PlanWhere<Part>) =>
  ({
    part: one('part', part),
    revisions: many('part_revision', { part_id: ref('part', 'id') }),
    attributes: many('part_revision_attribute', { part_revision_id: ref('revisions', 'id') }),
    ...groupEntries(ref('part', 'id')),
    manufacturer: one('manufacturer', { id: ref('part', 'manufacturer_id') }),
    // Every revision's lines: which revision is shown is chosen once the part's revisions are in hand.
    billLines: billLines(ref('revisions', 'id')),
    ...usedOnEntries(ref('part', 'id')),
  }) as const;
const SHOW_BY_ID = showPlan({ id: param('part') });
const SHOW_BY_NUMBER = showPlan({ partnumber: param('part') });

/**
 * The part `partRef` names as show answers it, with the revision `revisionId` selects (see
 * `chooseRevision`): the part, its revisions with their attributes and every group, all in one
 * statement, so they agree without a transaction. A 404 when the part or revision is not there.
 */
export async function readPartView(tx: ReadTx, partRef: PartRef, revisionId: unknown): Promise<PartView> {
  const loaded = 'id' in partRef ? await tx.load(SHOW_BY_ID, { part: partRef.id }) : await tx.load(SHOW_BY_NUMBER, { part: partRef.partnumber });
  if (!loaded.part) throw partNotFound(partRef);
  const revision = chooseRevision(loaded.part, loaded.revisions, revisionId);
  return viewOf(loaded.part, revision, loaded.attributes.filter((a) => a.part_revision_id === revision.id), loaded);
}
