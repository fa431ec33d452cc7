import { eventSource, withEvents } from '../../events';
import type { Context } from '../../context';
import { isUniqueViolation } from '../../errors';
import { one, param } from '../../read-plan';
import { schema } from '../../schema';
import type { InsertStep } from '../../write-plan';
import type { LinecardPair } from './linecard-pair';
import { linecardAdded } from './linecard-events';
import { planAddLinecard } from './plan-add-linecard';

/** True for the store's answer to a second insert of a linked pair: the pair's unique key. */
const isPairTaken = (error: unknown): boolean =>
  schema.linecard.unique.some((key) => isUniqueViolation(error, key.name));

/**
 * Links a vendor to a manufacturer; linking an already linked pair changes nothing. Two
 * concurrent links of one pair both find none and both insert; the loser's insert is refused as
 * taken, and running its transaction again finds the winner's link and answers as for any retry.
 */
export async function addLinecard(ctx: Context, pair: LinecardPair): Promise<void> {
  try {
    await link(ctx, pair);
  } catch (error) {
    if (!isPairTaken(error)) throw error;
    await link(ctx, pair);
  }
}

/** Both ends and the pair's link, in one statement. */
const linkPlan = {
  manufacturer: one('manufacturer', { id: param('manufacturer_id') }),
  vendor: one('vendor', { id: param('vendor_id') }),
  link: one('linecard', { manufacturer_id: param('manufacturer_id'), vendor_id: param('vendor_id') }),
};

/** One read (both ends and the link), then the plan when there is one to write: two statements. */
async function link(ctx: Context, pair: LinecardPair): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const plan = planAddLinecard(pair, await tx.load(linkPlan, pair), () => ctx.clock.now());
    if (plan) await tx.write(withEvents(plan, [linecardAdded(eventSource(ctx), pair, plan.steps[0] as InsertStep<'linecard'>)]), { commit: true });
  });
}
