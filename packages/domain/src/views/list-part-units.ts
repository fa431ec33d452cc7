import type { Context } from '../context';
import { requirePermission } from '../permissions';
import { many, one, ref } from '../read-plan';
import type { InventoryUnit } from '../records';
import { partNotFound, type PartRef } from '../parts/part-lookup';
import { INVENTORY_PERMISSION } from '../inventory/inventory-permission';

/** SPEC 2.1's per-part listing form. */
export type ListedUnit = Pick<InventoryUnit, 'id' | 'quantity' | 'cost_per_unit' | 'inventory_sublocation_id' | 'unit_id'>;

/**
 * SPEC 4.1 `GET <P>/part/:id/inventory_units` (or by part number): every unit of the part in id
 * order, empty ones included; the part and its units in one statement.
 */
export async function listPartUnits(ctx: Context, part: PartRef): Promise<ListedUnit[]> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  const loaded = await ctx.store.read((tx) =>
    tx.load({
      part: one('part', 'id' in part ? { id: part.id } : { partnumber: part.partnumber }),
      units: many('inventory_unit', { part_id: ref('part', 'id') }, { columns: ['id', 'quantity', 'cost_per_unit', 'inventory_sublocation_id', 'unit_id'] }),
    }),
  );
  if (!loaded.part) throw partNotFound(part);
  return loaded.units;
}
