import type { Context } from '../../context';
import { errors } from '../../errors';
import { planRemoveQuote } from './plan-quote';

/** `DELETE <P>/quote/:id`: one statement, the delete, which answers whether the quote was there. */
export async function removeQuote(ctx: Context, id: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const { plan, quote } = planRemoveQuote(id);
    if ((await tx.write(plan, { commit: true })).rows(quote).length === 0) throw errors.notFound('Quote', id);
  });
}
