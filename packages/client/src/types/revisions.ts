import type { Decimal } from './scalars';

/** A line of an exploded bill (an extension): where it sits, its quantities, and on a leaf its cost. */
export interface BomLine {
  readonly id: number;
  /** 1 for the revision's own lines. */
  readonly depth: number;
  /** The part numbers from the revision's child down to this line's part, joined by `/`. */
  readonly path: string;
  readonly subpart_id: number;
  readonly partnumber: string;
  readonly subpart_part_revision_id: number;
  readonly quantity: Decimal;
  /** The product of the quantities along the path. */
  readonly extended_quantity: Decimal;
  /** The line, or one above it, is no_load. */
  readonly no_load: boolean;
  readonly designator: string | null;
  /** The child revision has lines of its own. */
  readonly assembly: boolean;
  readonly unit_cost: Decimal | null;
  /** Where the unit cost came from (`inventory_price`, `quote`). */
  readonly unit_cost_source: string | null;
  readonly quote_id: number | null;
  readonly extended_cost: Decimal | null;
}

/** A revision's bill exploded (an extension; README "Extensions"). */
export interface Bom {
  readonly part_id: number;
  readonly part_revision_id: number;
  readonly partnumber: string;
  readonly revision_name: string;
  /** The levels listed: a number, or `all`. */
  readonly levels: number | 'all';
  readonly lines: BomLine[];
  /** The roll-up over the whole bill. */
  readonly cost: {
    readonly total: Decimal;
    readonly currency: string;
    readonly leaves_without_price: number;
  };
}
