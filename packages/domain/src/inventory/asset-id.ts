import { errors, isUniqueViolation, messages } from '../errors';
import type { Tx } from '../ports';

export const ASSET_ID_KEY = 'inventory_unit_asset_id_unique';

/** DESIGN 4: `A` and 7 digits. */
const assetIdOf = (n: number) => `A${String(n).padStart(7, '0')}`;

export const isAssetIdTaken = async (tx: Tx, assetId: string): Promise<boolean> =>
  (await tx.repo('inventory_unit').count({ asset_id: assetId })) > 0;

/**
 * The next generated asset id: the store's sequence keeps concurrent generators apart, and a
 * number a client already chose by hand is skipped.
 */
export async function nextAssetId(tx: Tx): Promise<string> {
  for (;;) {
    const candidate = assetIdOf(await tx.nextValue('asset_id'));
    if (!(await isAssetIdTaken(tx, candidate))) return candidate;
  }
}

/** Runs `work`; an asset id lost to a concurrent writer after the check is reported as the check would have (400 `invalid`, or 422 on split). */
export async function settlingAssetIdRace<T>(code: 'invalid' | 'unprocessable', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isUniqueViolation(error, ASSET_ID_KEY)) throw error;
    throw code === 'invalid' ? errors.invalid([messages.assetIdTaken()]) : errors.unprocessable([messages.assetIdTaken()]);
  }
}
