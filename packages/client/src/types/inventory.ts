import type { Decimal, IsoTimestamp } from './scalars';

/** SPEC 2.1, full form: show, and what every command on a unit answers. */
export interface InventoryUnit {
  readonly id: number;
  readonly quantity: Decimal;
  readonly quantity_available: Decimal;
  /** The unit of measure's name. */
  readonly unit: string;
  readonly cost_per_unit: Decimal | null;
  readonly currency: string;
  /** `<location shortname> - <sublocation name>`, then ` - <bin>` when a bin is set. */
  readonly inventory_location: string;
  readonly sublocation_bin: string | null;
  readonly asset_id: string | null;
  readonly serial_number: string | null;
  readonly lot_code: string | null;
  readonly datecode: string | null;
  readonly details: string | null;
  readonly purchase_order_number: string | null;
  readonly purchase_quantity: Decimal | null;
  readonly purchase_price: Decimal | null;
  readonly vendor: string | null;
  readonly created_at: IsoTimestamp;
  readonly updated_at: IsoTimestamp;
}

/** SPEC 2.1, the per-part listing form. */
export interface ListedInventoryUnit {
  readonly quantity: Decimal;
  readonly cost_per_unit: Decimal | null;
  readonly inventory_sublocation_id: number;
  readonly unit_id: number;
}

/** A search result (DESIGN 3): ids and quantities first, `bin` a deprecated copy of `sublocation_bin`, then the full form's rest. */
export interface SearchedInventoryUnit extends InventoryUnit {
  readonly part_id: number;
  readonly inventory_sublocation_id: number;
  readonly unit_id: number;
  readonly bin: string | null;
}

/** One change to a unit (an extension): the unit's quantity is the sum of its records' changes. */
export interface InventoryRecord {
  readonly id: number;
  readonly inventory_unit_id: number;
  /** `create`, `adjust`, `consume`, `move`, `split`, `dispose` or `receive`. */
  readonly record_type: string;
  readonly quantity_before: Decimal;
  readonly quantity_after: Decimal;
  readonly from_sublocation_id: number | null;
  readonly to_sublocation_id: number | null;
  /** A split's other unit. */
  readonly related_inventory_unit_id: number | null;
  readonly comment: string | null;
  /** The token that made the change. */
  readonly creator_id: number;
  readonly created_at: IsoTimestamp;
}

/** The optional record written beside a change (SPEC 4.1). */
export interface RecordComment {
  readonly comment?: string | null;
}

export interface InventoryUnitCreateInput {
  readonly inventory_sublocation_id: number;
  /** The unit of measure the quantity counts in. */
  readonly unit_id: number;
  readonly quantity: Decimal;
  readonly cost_per_unit?: Decimal | null;
  readonly asset_id?: string | null;
  /** True: the next `A` + 7-digit asset id. */
  readonly generate_asset_id?: boolean;
  readonly serial_number?: string | null;
  readonly datecode?: string | null;
  readonly lot_code?: string | null;
  readonly sublocation_bin?: string | null;
  readonly details?: string | null;
  readonly purchase_order_number?: string | null;
  readonly inventory_record?: RecordComment;
}

/** `PUT …/inventory_units/:id`: the details a unit's owner may correct. */
export interface InventoryUnitUpdateInput {
  readonly cost_per_unit?: Decimal | null;
  readonly serial_number?: string | null;
  readonly lot_code?: string | null;
  readonly datecode?: string | null;
  readonly details?: string | null;
  readonly purchase_order_number?: string | null;
}

export interface AdjustQuantityInput {
  /** The new quantity. */
  readonly quantity: Decimal;
  readonly inventory_record?: RecordComment & { readonly adjustment_type?: 'adjust' | 'consume' };
}

export interface MoveInput {
  readonly inventory_sublocation_id: number;
  /** Cleared when absent: a bin belongs to the sublocation the unit leaves. */
  readonly sublocation_bin?: string | null;
  readonly inventory_record?: RecordComment;
}

export interface SplitInput {
  /** Where the new unit goes. */
  readonly inventory_sublocation_id: number;
  /** What it takes: above 0 and below the quantity available. */
  readonly quantity: Decimal;
  readonly asset_id?: string | null;
  readonly generate_asset_id?: boolean;
  readonly sublocation_bin?: string | null;
  readonly inventory_record?: RecordComment;
}

/** One search triple (DESIGN 3): sent as `fieldN`, `comparisonN`, `termN`; the triples are OR-ed. */
export interface SearchTerm {
  /** Absent: every text field of the unit and its part number. */
  readonly field?: 'asset_id' | 'serial_number' | 'lot_code' | 'datecode' | 'details' | 'purchase_order_number' | 'vendor' | 'sublocation_bin' | 'partnumber';
  readonly comparison?: 'contains' | 'equals' | 'starts_with' | 'ends_with';
  readonly term: string;
}
