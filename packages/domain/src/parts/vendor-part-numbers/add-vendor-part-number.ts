import { withEvents } from '../../events';
import type { Context } from '../../context';
import { errors } from '../../errors';
import { missingIn, referencePlan } from '../../existing-references';
import { planAddVendorPartNumber } from './plan-vendor-part-number';
import { vendorPartNumberAdded } from './vendor-part-number-events';
import type { VendorPartNumberInput } from './vendor-part-number-input';

/**
 * Records a vendor's own number for a part (SPEC 4.5), `input` parsed by `parseVendorPartNumber`;
 * the answer is empty. Two statements: every record the number names read at once, then the insert.
 */
export async function addVendorPartNumber(ctx: Context, input: VendorPartNumberInput): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const missing = missingIn('vendor_part_number', input, await tx.load(referencePlan('vendor_part_number', input)));
    if (missing.length > 0) throw errors.invalid(missing);
    const planned = planAddVendorPartNumber(input, ctx.clock.now());
    await tx.write(withEvents(planned.plan, [vendorPartNumberAdded(ctx, planned.number)]), { commit: true });
  });
}
