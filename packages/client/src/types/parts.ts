import type { Attachment } from './attachments';
import type { CustomAttributes, Decimal, IsoTimestamp, SpaceTimestamp, ValueTexts } from './scalars';

/**
 * SPEC 2.14: a revision's scalars, then its custom `x_` attributes beside them, as text, and what
 * was written for the numeric ones (`value_texts.x_mass`).
 */
export type PartRevision = PartRevisionFields & CustomAttributes & { readonly value_texts: ValueTexts };

export interface PartRevisionFields {
  readonly id: number;
  readonly revision_name: string;
  readonly revision_description: string | null;
  readonly creator_id: number | null;
  readonly released_at: SpaceTimestamp | null;
  readonly releasor_id: number | null;
  readonly comment: string | null;
  readonly description: string | null;
  readonly rohs: boolean | null;
  /** `Draft`, `Active` or `Obsolete`. */
  readonly status: string;
}

/** PIPS has no visibility sets: every part shows the element with its fields empty. */
export interface PartVisibilitySet {
  readonly id: null;
  readonly name: null;
  readonly description: null;
  readonly short_name: null;
  readonly position: null;
}

/** The scalars every form of a part shows (SPEC 2.13). `value` is a float as Ruby writes it (`4700.0`, `1.0e-07`). */
export interface PartScalars {
  readonly id: number;
  readonly partnumber: string;
  readonly manufacturer_pn: string;
  readonly manufacturer_id: number;
  readonly parttype_id: number;
  readonly unit_id: number;
  readonly value: string | null;
  readonly value_text: string | null;
  readonly created_on: SpaceTimestamp;
  readonly updated_on: SpaceTimestamp;
  readonly inventory_price: Decimal | null;
  readonly estimated_cost: Decimal | null;
  readonly estimated_cost_currency: string | null;
  readonly reorder_quantity: Decimal | null;
  readonly inventory_maximum: Decimal | null;
  readonly preferred_vendor_id: number | null;
  readonly manufactured_here: boolean;
  /** Present (with `x_outsourcing_location`) only on parts that set either. */
  readonly x_outsourced?: boolean | null;
  readonly x_outsourcing_location?: string | null;
}

/** SPEC 2.13, list form: the active revision's comment, description and rohs are copied at part level (deprecated). */
export interface PartListItem extends PartScalars {
  readonly comment: string | null;
  readonly description: string | null;
  readonly rohs: boolean | null;
  readonly active_revision: PartRevision | null;
  readonly part_visibility_set: PartVisibilitySet;
}

/** A quote inside a part (SPEC 2.12). */
export interface PartQuote {
  readonly id: number;
  readonly vendor_id: number;
  readonly price: Decimal;
  readonly quantity_min: Decimal | null;
  readonly quantity_mult: Decimal | null;
  readonly leadtime: number | null;
  readonly updated_on: SpaceTimestamp;
  readonly expires_on: SpaceTimestamp | null;
  readonly unit_id: number | null;
  readonly unit_conversion_id: number | null;
  readonly inventory: Decimal | null;
  readonly comment: string | null;
  readonly currency: string;
}

/** A vendor's number for the part; `id` is what its delete needs. */
export interface PartVendorPartNumber {
  readonly vendor_id: number;
  readonly part_number: string;
  readonly comment: string | null;
  readonly id: number;
}

/** `part_id` is the part that can stand in. */
export interface AlternatePart {
  readonly part_id: number;
  readonly comment: string | null;
  readonly quality: number | null;
}

/** A unit of stock inside a part (SPEC 2.1). */
export interface PartInventoryUnit {
  readonly id: number;
  readonly quantity: Decimal;
  readonly inventory_location_id: number;
  readonly inventory_location_name: string;
  readonly inventory_sublocation_id: number;
  readonly inventory_sublocation_name: string;
  readonly sublocation_bin: string | null;
  readonly purchase_order_id: number | null;
}

/** A bill the part is on. */
export interface PartlistPart {
  readonly part_id: number;
  readonly part_revision_id: number;
  readonly quantity: Decimal;
  readonly comment: string | null;
  readonly no_load: boolean;
}

/** SPEC 2.10: a bill line as its own routes answer it; `subpart_id` is the child part. */
export interface Subpart {
  readonly id: number;
  readonly subpart_id: number;
  readonly quantity: Decimal;
  readonly build_sequence: number | null;
  readonly designator: string | null;
  readonly comment: string | null;
  readonly no_load: boolean;
}

/** A bill line inside a part or revision: with its assembly and place on the bill. */
export interface PartSubpart extends Subpart {
  readonly part_id: number;
  readonly part_revision_id: number;
  readonly position: number;
}

/** SPEC 2.13, show form. */
export interface Part extends PartScalars {
  /** The active revision, or the one `revision_id` asked for. */
  readonly revision: PartRevision;
  readonly quotes: PartQuote[];
  readonly vendor_part_numbers: PartVendorPartNumber[];
  readonly alternate_parts: AlternatePart[];
  readonly inventory_units: PartInventoryUnit[];
  readonly partlist_parts: PartlistPart[];
  readonly subparts: PartSubpart[];
  readonly attachments: Attachment[];
  /** PIPS has no families: the part's manufacturer stands for it. */
  readonly manufacturer_family: { readonly id: number; readonly name: string } | null;
  readonly part_visibility_set: PartVisibilitySet;
}

/** SPEC 2.14: the part as a revision's show names it. */
export interface PartSummary {
  readonly id: number;
  readonly partnumber: string;
  readonly manufacturer_pn: string;
  readonly manufacturer_id: number;
  readonly parttype_id: number;
  readonly value: string | null;
  readonly value_text: string | null;
  readonly created_on: SpaceTimestamp;
  readonly updated_on: SpaceTimestamp;
  readonly inventory_price: Decimal | null;
  readonly reorder_quantity: Decimal | null;
  readonly inventory_maximum: Decimal | null;
}

/** SPEC 2.14, show form: the revision, its part and its bill. */
export type RevisionShow = PartRevision & {
  readonly part: PartSummary;
  readonly subparts: PartSubpart[];
};

/** SPEC 2.15: a part whose current revision uses this one. */
export interface PartAncestor {
  readonly id: number;
  readonly partnumber: string;
  readonly manufacturer_pn: string;
}

/** The time a part list may be filtered from: ISO 8601 with an offset (SPEC 4.6). */
export type UpdatedOnFilter = { readonly updated_on?: { readonly gte?: IsoTimestamp } };
