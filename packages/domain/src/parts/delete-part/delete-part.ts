import { withEvents } from '../../events';
import { partDeleted } from '../part-events';
import { unitDeleted } from '../../inventory/unit-events';
import type { Context } from '../../context';
import { errors } from '../../errors';
import type { Tx } from '../../ports';
import { count, many, ref as planRef } from '../../read-plan';
import { lockedPart, lockedPartId, partNotFound, type PartRef } from '../part-lookup';
import { deleteGuards, type DeleteGuard } from './delete-guards';
import { planDeletePart, planUnlink } from './plan-delete-part';

/**
 * One statement: the part locked, then its units locked in id order (a part before its units, as
 * every command takes them), the parts whose bills list it, its revisions, and how many
 * attachments the part and its revisions have.
 */
function load(tx: Tx, ref: PartRef) {
  const part = lockedPartId(ref, 'parts');
  return tx.load({
    parts: lockedPart(ref),
    units: many('inventory_unit', { part_id: part }, { lock: true, orderBy: [['id', 'asc']], columns: ['id', 'quantity'] }),
    lines: many('subpart', { subpart_id: part }, { columns: ['part_id'] }),
    holders: many('part', { id: planRef('lines', 'part_id') }, { orderBy: [['id', 'asc']], columns: ['id', 'partnumber'] }),
    revisions: many('part_revision', { part_id: part }, { columns: ['id'] }),
    partAttachments: count('attachment', { parent_type: 'part', parent_id: part }),
    revisionAttachments: count('attachment', { parent_type: 'part_revision', parent_id: planRef('revisions', 'id') }),
  });
}

/**
 * `DELETE <P>/part/:id`: the part with everything that only describes it, in one transaction;
 * refused (422, every reason at once) while any of `guards` says the part must stay, then while it
 * or a revision of it has attachments (attachments name their owner by type and id, which no
 * foreign key guards). What the rules rest on is read in one statement; the delete is one more,
 * after a write clearing the part's active revision when it has one (`planUnlink`).
 */
export async function deletePart(ctx: Context, ref: PartRef, guards: readonly DeleteGuard[] = deleteGuards): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const loaded = await load(tx, ref);
    const part = loaded.parts[0];
    if (!part) throw partNotFound(ref);
    const facts = { part, units: loaded.units, holders: loaded.holders };
    const refused = guards.map((guard) => guard(facts)).filter((message) => message !== null);
    if (refused.length > 0) throw errors.unprocessable(refused);
    if (loaded.partAttachments > 0 || loaded.revisionAttachments > 0) throw errors.inUseByTable('attachment');
    const unlink = planUnlink(part);
    if (unlink) await tx.write(unlink);
    const events = [...loaded.units.map((unit) => unitDeleted(ctx, part.id, unit)), partDeleted(ctx, part)];
    await tx.write(withEvents(planDeletePart(part, loaded.revisions.map((revision) => revision.id)), events), { commit: true });
  });
}
