import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import { problems } from '../../parse-input';
import { requirePermission } from '../../permissions';
import { isAssetIdTaken, nextAssetId, settlingAssetIdRace } from '../asset-id';
import { writeRecord } from '../inventory-record';
import { INVENTORY_PERMISSION } from '../inventory-permission';
import { checkWhole } from '../quantity-rules';
import { measureProblemsFor, serialNumberProblems, sublocationFor } from '../stock-checks';
import { viewUnits, type InventoryUnitView } from '../unit-view';
import { parseCreateUnit } from './create-unit-input';

/**
 * SPEC 4.1 `POST <P>/parts/:part_id/inventory_units`: a new unit of the part, with its `create`
 * record, in one transaction.
 */
export async function createInventoryUnit(ctx: Context, partId: number, raw: unknown, recordBeside?: unknown): Promise<InventoryUnitView> {
  requirePermission(ctx.actor, INVENTORY_PERMISSION);
  const input = parseCreateUnit(raw, recordBeside);
  const { fields } = input;
  return settlingAssetIdRace('invalid', () =>
    ctx.store.transaction(async (tx) => {
      // Locked: a change of the part's unit of measure waits for this unit, or this unit for it.
      const part = await tx.repo('part').get(partId, { lock: true });
      if (!part) throw errors.notFound('Part', partId);
      const found = problems();
      // In the order the fields are listed, as the blank-field messages come; the bin is listed last.
      const place = await sublocationFor(tx, fields.inventory_sublocation_id, fields.sublocation_bin);
      if (!place.sublocation) found.add(...place.problems);
      const measure = await tx.repo('unit').get(fields.unit_id);
      if (!measure) found.add(messages.mustExist('unit_id'));
      else {
        checkWhole(fields.quantity, measure, found);
        found.add(...(await measureProblemsFor(tx, part, measure)));
      }
      if (fields.asset_id && (await isAssetIdTaken(tx, fields.asset_id))) found.add(messages.assetIdTaken());
      found.add(...(await serialNumberProblems(tx, partId, fields.serial_number, null)));
      if (place.sublocation) found.add(...place.problems);
      found.check();
      const now = ctx.clock.now();
      const unit = await tx.repo('inventory_unit').insert({
        ...fields,
        part_id: partId,
        asset_id: fields.asset_id ?? (input.generateAssetId ? await nextAssetId(tx) : null),
        currency: ctx.site.currency,
        purchase_quantity: null,
        purchase_price: null,
        vendor: null,
        purchase_order_id: null,
        created_at: now,
        updated_at: now,
      });
      const change = { type: 'create', before: '0.0', after: unit.quantity, to: unit.inventory_sublocation_id, comment: input.comment } as const;
      await writeRecord(tx, unit, change, { creatorId: ctx.actor.tokenId, now });
      return (await viewUnits(tx, [unit]))[0]!;
    }),
  );
}
