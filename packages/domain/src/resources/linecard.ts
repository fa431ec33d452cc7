import type { Context } from '../context';
import { errors } from '../errors';
import { coerce, type Input } from '../fields';

const idField = { type: 'int', required: true } as const;

/** Both ids are required integers; every problem is reported at once. */
function readPair(input: Input): { manufacturer_id: number; vendor_id: number } {
  const manufacturer = coerce('manufacturer_id', idField, input.manufacturer_id);
  const vendor = coerce('vendor_id', idField, input.vendor_id);
  const problems = [manufacturer, vendor].flatMap((r) => ('error' in r ? [r.error] : []));
  if ('error' in manufacturer || 'error' in vendor) throw errors.invalid(problems);
  return { manufacturer_id: manufacturer.value as number, vendor_id: vendor.value as number };
}

/** Links a vendor to a manufacturer; linking an already linked pair changes nothing. */
export async function addLinecard(ctx: Context, input: Input): Promise<void> {
  const pair = readPair(input);
  await ctx.store.transaction(async (tx) => {
    if (!(await tx.repo('manufacturer').get(pair.manufacturer_id))) {
      throw errors.notFound('Manufacturer', pair.manufacturer_id);
    }
    if (!(await tx.repo('vendor').get(pair.vendor_id))) throw errors.notFound('Vendor', pair.vendor_id);
    if (await tx.repo('linecard').findOne(pair)) return;
    await tx.repo('linecard').insert({ ...pair, created_at: ctx.clock.now() });
  });
}

export async function removeLinecard(ctx: Context, input: Input): Promise<void> {
  const pair = readPair(input);
  await ctx.store.transaction(async (tx) => {
    const removed = await tx.repo('linecard').deleteWhere(pair);
    if (removed === 0) {
      throw errors.notFound('Linecard', `${pair.manufacturer_id}/${pair.vendor_id}`);
    }
  });
}
