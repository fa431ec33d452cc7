import type { Context } from '../context';
import { errors, isUniqueViolation } from '../errors';
import { coerce, type Input } from '../fields';
import { schema } from '../schema';

const idField = { type: 'int', required: true } as const;

/** Both ids are required integers; every problem is reported at once. */
function readPair(input: Input): { manufacturer_id: number; vendor_id: number } {
  const manufacturer = coerce('manufacturer_id', idField, input.manufacturer_id);
  const vendor = coerce('vendor_id', idField, input.vendor_id);
  const problems = [manufacturer, vendor].flatMap((r) => ('error' in r ? [r.error] : []));
  if ('error' in manufacturer || 'error' in vendor) throw errors.invalid(problems);
  return { manufacturer_id: manufacturer.value as number, vendor_id: vendor.value as number };
}

/** True for the store's answer to a second insert of a linked pair: the pair's unique key. */
const isPairTaken = (error: unknown): boolean =>
  schema.linecard.unique.some((key) => isUniqueViolation(error, key.name));

/**
 * Links a vendor to a manufacturer; linking an already linked pair changes nothing. Two
 * concurrent links of one pair both find none and both insert; the loser's insert is refused as
 * taken, and running its transaction again finds the winner's link and answers as for any retry.
 */
export async function addLinecard(ctx: Context, input: Input): Promise<void> {
  const pair = readPair(input);
  try {
    await link(ctx, pair);
  } catch (error) {
    if (!isPairTaken(error)) throw error;
    await link(ctx, pair);
  }
}

async function link(ctx: Context, pair: { manufacturer_id: number; vendor_id: number }): Promise<void> {
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
