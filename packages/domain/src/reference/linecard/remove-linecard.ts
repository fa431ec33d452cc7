import type { Context } from '../../context';
import { errors } from '../../errors';
import { deleteRows, writePlan } from '../../write-plan';
import type { LinecardPair } from './linecard-pair';

/** Unlinks a vendor from a manufacturer in one statement; a pair that is not linked is 404 (its delete removed nothing). */
export async function removeLinecard(ctx: Context, pair: LinecardPair): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const unlink = deleteRows('linecard', { ...pair });
    const removed = (await tx.write(writePlan([unlink]), { commit: true })).rows(unlink);
    if (removed.length === 0) throw errors.notFound('Linecard', `${pair.manufacturer_id}/${pair.vendor_id}`);
  });
}
