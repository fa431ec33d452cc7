import type { Context } from '../../context';
import { errors } from '../../errors';
import { missingReferences } from '../../existing-references';
import { planQuote } from './plan-quote';
import type { QuoteInput } from './quote-input';

/** Records a vendor's price for a part (SPEC 4.5), `input` parsed by `parseQuote`; the answer is empty. */
export async function addQuote(ctx: Context, input: QuoteInput): Promise<void> {
  const row = planQuote(input, ctx.site, ctx.clock.now());
  await ctx.store.transaction(async (tx) => {
    const missing = await missingReferences(tx, 'quote', row);
    if (missing.length > 0) throw errors.invalid(missing);
    await tx.repo('quote').insert(row);
  });
}
