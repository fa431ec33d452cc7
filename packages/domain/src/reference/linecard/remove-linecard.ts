import type { Context } from '../../context';
import { errors } from '../../errors';
import type { Input } from '../../fields';
import { parseLinecardPair } from './linecard-pair';

/** Unlinks a vendor from a manufacturer; a pair that is not linked is 404. */
export async function removeLinecard(ctx: Context, input: Input): Promise<void> {
  const pair = parseLinecardPair(input);
  await ctx.store.transaction(async (tx) => {
    const removed = await tx.repo('linecard').deleteWhere(pair);
    if (removed === 0) {
      throw errors.notFound('Linecard', `${pair.manufacturer_id}/${pair.vendor_id}`);
    }
  });
}
