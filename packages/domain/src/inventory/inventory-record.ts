import type { NewRow } from '../ports';
import type { InventoryRecord } from '../records';
import type { InventoryRecordType } from '../tables/inventory-tables';
import type { InsertedId, PlannedValues } from '../write-plan';

/** What one change did to a unit, as its record says it. */
export interface UnitChange {
  readonly type: InventoryRecordType;
  readonly before: string;
  readonly after: string;
  readonly from?: number | null;
  readonly to?: number | null;
  /** A split's other unit (in a write plan, perhaps the unit the plan inserts). */
  readonly related?: number | InsertedId | null;
  readonly comment: string | null;
}

/** Who made a change, and when. */
export interface ChangeStamp {
  readonly creatorId: number;
  readonly now: Date;
}

/** The row recording `change` to `unit`: a write plan's insert, the unit perhaps one the plan inserts too. */
export function recordValues(
  unit: { readonly id: number | InsertedId; readonly part_id: number },
  change: UnitChange,
  stamp: ChangeStamp,
): PlannedValues<NewRow<InventoryRecord>> {
  return {
    inventory_unit_id: unit.id,
    part_id: unit.part_id,
    record_type: change.type,
    quantity_before: change.before,
    quantity_after: change.after,
    from_sublocation_id: change.from ?? null,
    to_sublocation_id: change.to ?? null,
    related_inventory_unit_id: change.related ?? null,
    comment: change.comment,
    creator_id: stamp.creatorId,
    created_at: stamp.now,
  };
}
