import type { Tx } from '../ports';
import type { InventoryRecord, InventoryUnit } from '../records';
import type { InventoryRecordType } from '../tables/inventory-tables';

/** What one change did to a unit, as its record says it. */
export interface UnitChange {
  readonly type: InventoryRecordType;
  readonly before: string;
  readonly after: string;
  readonly from?: number | null;
  readonly to?: number | null;
  /** A split's other unit. */
  readonly related?: number | null;
  readonly comment: string | null;
}

/** Who made a change, and when. */
export interface ChangeStamp {
  readonly creatorId: number;
  readonly now: Date;
}

/** The record of `change` to `unit`, written in the caller's transaction so it lands with the change or not at all. */
export function writeRecord(tx: Tx, unit: Pick<InventoryUnit, 'id' | 'part_id'>, change: UnitChange, stamp: ChangeStamp): Promise<InventoryRecord> {
  return tx.repo('inventory_record').insert({
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
  });
}
