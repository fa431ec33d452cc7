import type { Decimal } from './scalars';

/** A revision's own fields, and its custom `x_` attributes beside them (`x_package: 'SOIC-8'`). */
export type RevisionInput = {
  readonly revision_name: string;
  readonly revision_description?: string | null;
  readonly description?: string | null;
  readonly comment?: string | null;
  readonly rohs?: boolean | null;
} & { readonly [attribute: `x_${string}`]: string | null | undefined };

export interface AlternatePartInput {
  readonly part_id: number;
  readonly comment?: string | null;
  readonly quality?: number | null;
}

/** The part's own fields (SPEC 2.13, 4.6). `value` follows from `value_text` (`4k7`, `100 nF`) and cannot be sent. */
export interface PartFieldsInput {
  /** Generated from the part type when absent. */
  readonly partnumber?: string;
  readonly manufacturer_pn: string;
  readonly manufacturer_id: number;
  readonly parttype_id: number;
  /** The use-as unit. */
  readonly unit_id: number;
  readonly preferred_vendor_id?: number | null;
  readonly value_text?: string | null;
  readonly inventory_price?: Decimal | null;
  readonly estimated_cost?: Decimal | null;
  readonly estimated_cost_currency?: string | null;
  readonly reorder_quantity?: Decimal | null;
  readonly inventory_maximum?: Decimal | null;
  readonly manufactured_here?: boolean;
  readonly x_outsourced?: boolean | null;
  readonly x_outsourcing_location?: string | null;
  /** Kept on the revision (SPEC 2.13 lists it in the part body). */
  readonly x_packaging?: string | null;
  /** Replaces the part's alternates as a whole. */
  readonly alternate_parts?: readonly AlternatePartInput[];
}

/** `POST <P>/part`: the part and its first revision. */
export interface PartCreateInput extends PartFieldsInput {
  readonly revision: RevisionInput;
}

/** `PUT <P>/part/:id`: what changes, of the part and (nested) of its revision. */
export type PartUpdateInput = { readonly [K in keyof PartFieldsInput]?: PartFieldsInput[K] | null } & {
  readonly revision?: Partial<RevisionInput>;
};

/** A part named by its id, or by its part number (`find_by=partnumber`). */
export type PartRef = number | { readonly partnumber: string };

/** `POST <P>/parts/:part_id/revisions`: the new draft's name (the next free one when absent). */
export interface RevisionCreateInput {
  readonly revision_name?: string;
  readonly revision_description?: string | null;
}

/** One line of a bulk add (SPEC 4.7). */
export interface AddedSubpartInput {
  /** The child part. */
  readonly subpart_id: number;
  /** A revision of it; its active revision when absent. */
  readonly subpart_part_revision_id?: number;
  readonly quantity: Decimal;
  readonly build_sequence?: number | null;
  readonly designator?: string | null;
  readonly no_load?: boolean;
  readonly comment?: string | null;
}

export interface AddSubpartsInput {
  /** Remove the revision's lines first. */
  readonly remove_existing?: boolean;
  readonly subparts: readonly AddedSubpartInput[];
}

/** Release (SPEC 4.7): an optional rename, and what becomes of the part's units and ancestors. */
export interface ReleaseInput {
  readonly revision_name?: string;
  readonly revision_description?: string | null;
  /** Units not listed are kept. */
  readonly inventory_units?: ReadonlyArray<{ readonly id: number; readonly action: 'keep' | 'dispose'; readonly disposition_comment?: string | null }>;
  /** Ancestors not listed are up-revised. */
  readonly part_ancestors?: ReadonlyArray<{ readonly id: number; readonly action: 'up' | 'keep' }>;
}

/** `POST <P>/subpart` (SPEC 4.4): the assembly's draft, and the child by revision, manufacturer_pn or partnumber. */
export interface SubpartCreateInput {
  readonly part_id?: number;
  readonly part_revision_id?: number;
  readonly subpart_part_revision_id?: number;
  readonly manufacturer_pn?: string;
  readonly partnumber?: string;
  readonly quantity: Decimal;
  readonly build_sequence?: number | null;
  readonly designator?: string | null;
  readonly no_load?: boolean;
  readonly comment?: string | null;
}

/** `PUT <P>/subpart/:id`: the line's fields, and its child (`part_id` names the child part here). */
export interface SubpartUpdateInput {
  readonly part_id?: number;
  readonly subpart_part_revision_id?: number;
  readonly manufacturer_pn?: string;
  readonly partnumber?: string;
  readonly quantity?: Decimal;
  readonly build_sequence?: number | null;
  readonly designator?: string | null;
  readonly no_load?: boolean;
  readonly comment?: string | null;
}
