import type { Context } from '../../context';
import { errors } from '../../errors';
import type { Input } from '../../fields';
import { paginate, parsePageRequest, type Pagination } from '../../paging';
import { requirePermission } from '../../permissions';
import { count, many, one } from '../../read-plan';
import type { InventoryRecord } from '../../records';
import { INVENTORY_PERMISSION } from '../inventory-permission';

export interface UnitRecords {
  readonly records: readonly InventoryRecord[];
  /** Present when a page was asked for (DESIGN 3). */
  readonly pagination: Pagination | null;
}

/**
 * `GET <P>/parts/:part_id/inventory_units/:id/inventory_records`: the unit's records, oldest
 * first; every one, or a page with `page`/`per_page`. The unit, the records and their count in
 * one statement.
 */
export async function listUnitRecords(ctx: Context, partId: number, unitId: number, query: Input): Promise<UnitRecords> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  const page = parsePageRequest(query);
  const where = { inventory_unit_id: unitId };
  const loaded = await ctx.store.read((tx) =>
    tx.load({
      unit: one('inventory_unit', { id: unitId, part_id: partId }),
      records: many('inventory_record', where, page ? { limit: page.perPage, offset: (page.page - 1) * page.perPage } : {}),
      total: count('inventory_record', where),
    }),
  );
  if (!loaded.unit) throw errors.notFound('InventoryUnit', unitId);
  return { records: loaded.records, pagination: page ? paginate(page, loaded.total) : null };
}
