import { groupBy } from '../reference/engine/group-by';
import type { Tx } from '../ports';
import type {
  AlternatePart,
  Manufacturer,
  Part,
  PartRevision,
  PartRevisionAttribute,
  Quote,
  VendorPartNumber,
} from '../records';
import { inDefinedOrder } from './custom-attributes';

/** A revision with its custom attributes, in the order they were defined. */
export interface RevisionView {
  readonly revision: PartRevision;
  readonly attributes: readonly PartRevisionAttribute[];
}

/** A part as the list shows it: with its active revision (null only for a part without one). */
export interface PartListItem {
  readonly part: Part;
  readonly activeRevision: RevisionView | null;
}

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

/** A file attached to the part (SPEC 2.17). */
export interface PartAttachment {
  readonly id: number;
  readonly created_by: string | null;
  readonly title: string | null;
  readonly note_type: string | null;
  readonly content_type: string | null;
  readonly position: number | null;
  readonly published_at: Date | null;
  readonly md5: string | null;
  readonly file_size: number | null;
  readonly parent_reference: string;
}

/** A part as show, create and update answer it: one revision and every repeated group. */
export interface PartView {
  readonly part: Part;
  /** The active revision, or the one `revision_id` selected (or an update changed). */
  readonly revision: RevisionView;
  readonly quotes: readonly Quote[];
  readonly vendorPartNumbers: readonly VendorPartNumber[];
  readonly alternateParts: readonly AlternatePart[];
  readonly inventoryUnits: readonly PartInventoryUnit[];
  readonly partlistParts: readonly PartlistPart[];
  readonly subparts: readonly PartSubpart[];
  readonly attachments: readonly PartAttachment[];
  /** The part's manufacturer, shown as its manufacturer family. */
  readonly manufacturer: Manufacturer | null;
}

/** The revisions with `ids` and their attributes: one query for each, however many revisions. */
export async function loadRevisionViews(tx: Tx, ids: readonly number[]): Promise<Map<number, RevisionView>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const revisions = await tx.repo('part_revision').find({ id: { $in: unique } });
  const attributes = await tx.repo('part_revision_attribute').find({ part_revision_id: { $in: unique } });
  const attributesOf = groupBy(attributes, (a) => a.part_revision_id, (a) => a);
  return new Map(revisions.map((revision) => [revision.id, { revision, attributes: inDefinedOrder(attributesOf(revision.id)) }]));
}

/** `parts` as the list shows them; related data is read once for the whole batch, never per part. */
export async function loadListItems(tx: Tx, parts: readonly Part[]): Promise<PartListItem[]> {
  const active = parts.map((part) => part.active_revision_id).filter((id): id is number => id !== null);
  const revisions = await loadRevisionViews(tx, active);
  return parts.map((part) => ({
    part,
    activeRevision: part.active_revision_id === null ? null : (revisions.get(part.active_revision_id) ?? null),
  }));
}

/**
 * Groups whose tables later work adds (stock, where-used, bills of material, attachments): each
 * loads its items for one part, and answers none until its table exists.
 */
export const laterGroups = {
  inventoryUnits: async (_tx: Tx, _part: Part, _revision: PartRevision): Promise<PartInventoryUnit[]> => [],
  partlistParts: async (_tx: Tx, _part: Part, _revision: PartRevision): Promise<PartlistPart[]> => [],
  subparts: async (_tx: Tx, _part: Part, _revision: PartRevision): Promise<PartSubpart[]> => [],
  attachments: async (_tx: Tx, _part: Part, _revision: PartRevision): Promise<PartAttachment[]> => [],
};

/** `part` as show answers it, with `revision` (one of its own), each group one query. */
export async function loadPartView(tx: Tx, part: Part, revision: PartRevision): Promise<PartView> {
  const attributes = await tx.repo('part_revision_attribute').find({ part_revision_id: revision.id });
  return {
    part,
    revision: { revision, attributes: inDefinedOrder(attributes) },
    quotes: await tx.repo('quote').find({ part_id: part.id }),
    vendorPartNumbers: await tx.repo('vendor_part_number').find({ part_id: part.id }),
    alternateParts: await tx.repo('alternate_part').find({ part_id: part.id }),
    inventoryUnits: await laterGroups.inventoryUnits(tx, part, revision),
    partlistParts: await laterGroups.partlistParts(tx, part, revision),
    subparts: await laterGroups.subparts(tx, part, revision),
    attachments: await laterGroups.attachments(tx, part, revision),
    manufacturer: await tx.repo('manufacturer').get(part.manufacturer_id),
  };
}
