import type { Context } from '../../context';
import { isUniqueViolation } from '../../errors';
import type { Input } from '../../fields';
import { schema } from '../../schema';
import { parseLinecardPair, type LinecardPair } from './linecard-pair';
import { planAddLinecard } from './plan-add-linecard';

/** True for the store's answer to a second insert of a linked pair: the pair's unique key. */
const isPairTaken = (error: unknown): boolean =>
  schema.linecard.unique.some((key) => isUniqueViolation(error, key.name));

/**
 * Links a vendor to a manufacturer; linking an already linked pair changes nothing. Two
 * concurrent links of one pair both find none and both insert; the loser's insert is refused as
 * taken, and running its transaction again finds the winner's link and answers as for any retry.
 */
export async function addLinecard(ctx: Context, input: Input): Promise<void> {
  const pair = parseLinecardPair(input);
  try {
    await link(ctx, pair);
  } catch (error) {
    if (!isPairTaken(error)) throw error;
    await link(ctx, pair);
  }
}

async function link(ctx: Context, pair: LinecardPair): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const toLink = planAddLinecard(pair, {
      manufacturer: await tx.repo('manufacturer').get(pair.manufacturer_id),
      vendor: await tx.repo('vendor').get(pair.vendor_id),
      link: await tx.repo('linecard').findOne(pair),
    });
    // The clock is read only for a write (the harness's clock moves on at every reading).
    if (toLink) await tx.repo('linecard').insert({ ...toLink, created_at: ctx.clock.now() });
  });
}
