import type { Context } from '../../context';
import { errors } from '../../errors';

export async function removeQuote(ctx: Context, id: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    if (!(await tx.repo('quote').delete(id))) throw errors.notFound('Quote', id);
  });
}
