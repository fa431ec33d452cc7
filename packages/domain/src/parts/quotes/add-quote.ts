import { withEvents } from '../../events';
import type { Context } from '../../context';
import { errors } from '../../errors';
import { missingIn, referencePlan } from '../../existing-references';
import { planAddQuote, planQuote } from './plan-quote';
import { quoteAdded } from './quote-events';
import type { QuoteInput } from './quote-input';

/**
 * Records a vendor's price for a part (SPEC 4.5), `input` parsed by `parseQuote`; the answer is
 * empty. Two statements: every record the quote names read at once, then the insert.
 */
export async function addQuote(ctx: Context, input: QuoteInput): Promise<void> {
  const row = planQuote(input, ctx.site, ctx.clock.now());
  await ctx.store.transaction(async (tx) => {
    const missing = missingIn('quote', row, await tx.load(referencePlan('quote', row)));
    if (missing.length > 0) throw errors.invalid(missing);
    const planned = planAddQuote(row);
    await tx.write(withEvents(planned.plan, [quoteAdded(ctx, planned.quote)]), { commit: true });
  });
}
