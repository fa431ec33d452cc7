import type { Context } from '../../context';
import { errors } from '../../errors';
import { eventSource } from '../../events';
import { planRemoval, removeLocked } from '../../removal';
import { linecardRemoved } from './linecard-events';
import type { LinecardPair } from './linecard-pair';

/** Unlinks a vendor from a manufacturer: the link read locked (404 when the pair is not linked), then its delete and its event. */
export async function removeLinecard(ctx: Context, pair: LinecardPair): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const where = { manufacturer_id: pair.manufacturer_id, vendor_id: pair.vendor_id };
    const removed = await removeLocked(tx, 'linecard', where, (link) => planRemoval('linecard', link, linecardRemoved(eventSource(ctx), pair)).plan);
    if (!removed) throw errors.notFound('Linecard', `${pair.manufacturer_id}/${pair.vendor_id}`);
  });
}
