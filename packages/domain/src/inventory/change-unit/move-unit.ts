import type { Context } from '../../context';
import { errors } from '../../errors';
import { requirePermission } from '../../permissions';
import { writeRecord } from '../inventory-record';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { sublocationFor } from '../stock-checks';
import { lockUnitOfPart } from '../unit-lock';
import { viewUnits, type InventoryUnitView } from '../unit-view';
import { parseMove } from './change-unit-input';

/** SPEC 4.1 `PUT …/inventory_units/:id/move`: to another sublocation (and bin), with a `move` record naming both ends. */
export async function moveInventoryUnit(ctx: Context, partId: number, unitId: number, raw: unknown, recordBeside?: unknown): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  const input = parseMove(raw, recordBeside);
  return ctx.store.transaction(async (tx) => {
    const unit = await lockUnitOfPart(tx, partId, unitId);
    const place = await sublocationFor(tx, input.inventory_sublocation_id, input.sublocation_bin);
    if (place.problems.length > 0) throw errors.invalid(place.problems);
    const now = ctx.clock.now();
    const moved = { inventory_sublocation_id: input.inventory_sublocation_id, sublocation_bin: input.sublocation_bin, updated_at: now };
    const updated = await tx.repo('inventory_unit').update(unit.id, moved);
    const change = {
      type: 'move',
      before: unit.quantity,
      after: unit.quantity,
      from: unit.inventory_sublocation_id,
      to: input.inventory_sublocation_id,
      comment: input.comment,
    } as const;
    await writeRecord(tx, unit, change, { creatorId: ctx.actor.tokenId, now });
    return (await viewUnits(tx, [updated!]))[0]!;
  });
}
