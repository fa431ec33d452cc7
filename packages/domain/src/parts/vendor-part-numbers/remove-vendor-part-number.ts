import type { Context } from '../../context';
import { errors } from '../../errors';
import { planRemoveVendorPartNumber } from './plan-vendor-part-number';

/** The model name messages use: `Couldn't find VendorPartnumber with 'id'=4`, after the route. */
export const VENDOR_PART_NUMBER_MODEL = 'VendorPartnumber';

/** `DELETE <P>/vendor_partnumber/:id`: one statement, the delete, which answers whether the number was there. */
export async function removeVendorPartNumber(ctx: Context, id: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const { plan, number } = planRemoveVendorPartNumber(id);
    if ((await tx.write(plan, { commit: true })).rows(number).length === 0) throw errors.notFound(VENDOR_PART_NUMBER_MODEL, id);
  });
}
