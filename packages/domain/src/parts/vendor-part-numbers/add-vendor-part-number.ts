import type { Context } from '../../context';
import { errors } from '../../errors';
import { missingReferences } from '../../existing-references';
import type { VendorPartNumberInput } from './vendor-part-number-input';

/** Records a vendor's own number for a part (SPEC 4.5), `input` parsed by `parseVendorPartNumber`; the answer is empty. */
export async function addVendorPartNumber(ctx: Context, input: VendorPartNumberInput): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const missing = await missingReferences(tx, 'vendor_part_number', input);
    if (missing.length > 0) throw errors.invalid(missing);
    const now = ctx.clock.now();
    await tx.repo('vendor_part_number').insert({ ...input, created_at: now, updated_at: now });
  });
}
