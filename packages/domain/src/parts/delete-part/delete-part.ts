import { refuseWhileAttached } from '../../attachments/owner-attachments';
import type { Context } from '../../context';
import { errors } from '../../errors';
import type { Tx } from '../../ports';
import type { Part } from '../../records';
import { findPart, type PartRef } from '../part-lookup';
import { deleteGuards, type DeleteGuard } from './delete-guards';

/** Every message of the guards that refuse, in their order. */
async function refusals(tx: Tx, part: Part, guards: readonly DeleteGuard[]): Promise<string[]> {
  const found: string[] = [];
  for (const guard of guards) {
    const message = await guard(tx, part);
    if (message !== null) found.push(message);
  }
  return found;
}

/** The part and what only describes it: revisions with their attributes and bills, alternates both ways, vendor numbers, quotes, empty units and their records. */
async function removePart(tx: Tx, part: Part): Promise<void> {
  // The part points at its active revision and the revision at the part: the first link goes first.
  if (part.active_revision_id !== null) await tx.repo('part').update(part.id, { active_revision_id: null });
  const revisionIds = (await tx.repo('part_revision').find({ part_id: part.id })).map((revision) => revision.id);
  if (revisionIds.length > 0) await tx.repo('part_revision_attribute').deleteWhere({ part_revision_id: { $in: revisionIds } });
  await tx.repo('subpart').deleteWhere({ part_id: part.id });
  await tx.repo('part_revision').deleteWhere({ part_id: part.id });
  await tx.repo('alternate_part').deleteWhere({ part_id: part.id });
  await tx.repo('alternate_part').deleteWhere({ alternate_part_id: part.id });
  await tx.repo('vendor_part_number').deleteWhere({ part_id: part.id });
  await tx.repo('quote').deleteWhere({ part_id: part.id });
  // Empty units go with their history: a part that held stock is refused before this.
  await tx.repo('inventory_record').deleteWhere({ part_id: part.id });
  await tx.repo('inventory_unit').deleteWhere({ part_id: part.id });
  await tx.repo('part').delete(part.id);
}

/**
 * `DELETE <P>/part/:id`: the part with everything that only describes it, in one transaction;
 * refused (422, every reason at once) while any of `guards` says the part must stay.
 */
export async function deletePart(ctx: Context, ref: PartRef, guards: readonly DeleteGuard[] = deleteGuards): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const part = await findPart(tx, ref, true);
    const refused = await refusals(tx, part, guards);
    if (refused.length > 0) throw errors.unprocessable(refused);
    await refuseWhileAttached(tx, 'part', [part.id]);
    await refuseWhileAttached(tx, 'part_revision', (await tx.repo('part_revision').find({ part_id: part.id })).map((revision) => revision.id));
    await removePart(tx, part);
  });
}
