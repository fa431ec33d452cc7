import type { Context } from '../../context';
import { errors } from '../../errors';
import { eventSource } from '../../events';
import { removeLocked } from '../../removal';
import { planRemoveVendorPartNumber } from './plan-vendor-part-number';

/** The model name messages use: `Couldn't find VendorPartnumber with 'id'=4`, after the route. */
export const VENDOR_PART_NUMBER_MODEL = 'VendorPartnumber';

/** `DELETE <P>/vendor_partnumber/:id`: the number read locked (404 when there is none), then its delete and its event. */
export async function removeVendorPartNumber(ctx: Context, id: number): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const removed = await removeLocked(tx, 'vendor_part_number', { id }, (number) => planRemoveVendorPartNumber(number, eventSource(ctx)).plan);
    if (!removed) throw errors.notFound(VENDOR_PART_NUMBER_MODEL, id);
  });
}
