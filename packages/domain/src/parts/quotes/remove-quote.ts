import type { Context } from '../../context';
import { errors } from '../../errors';
import { eventSource } from '../../events';
import { removeLocked } from '../../removal';
import { planRemoveQuote } from './plan-quote';

/** `DELETE <P>/quote/:id`: the quote read locked (404 when there is none), then its delete and its event. */
export async function removeQuote(ctx: Context, id: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const removed = await removeLocked(tx, 'quote', { id }, (quote) => planRemoveQuote(quote, eventSource(ctx)).plan);
    if (!removed) throw errors.notFound('Quote', id);
  });
}
