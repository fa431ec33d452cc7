import type { Context } from '../../context';
import { errors } from '../../errors';

/** The model name messages use: `Couldn't find VendorPartnumber with 'id'=4`, after the route. */
export const VENDOR_PART_NUMBER_MODEL = 'VendorPartnumber';

export async function removeVendorPartNumber(ctx: Context, id: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    if (!(await tx.repo('vendor_part_number').delete(id))) throw errors.notFound(VENDOR_PART_NUMBER_MODEL, id);
  });
}
