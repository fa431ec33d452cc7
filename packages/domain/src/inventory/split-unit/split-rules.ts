import { compareDecimal } from '../../decimal';
import { errors, messages } from '../../errors';
import type { InventoryUnit } from '../../records';

/** What a split needs of the new unit's asset id: none, one the request names, or a generated one. */
export type AssetIdPlan = { readonly kind: 'none' } | { readonly kind: 'given'; readonly assetId: string } | { readonly kind: 'generate' };

/**
 * SPEC 7's split refusals (422), in its order: a quantity that is not positive, above what is
 * available, not below it; then the asset id an asset-tracked unit's new half needs. A serialised
 * unit is one item and does not split. Whether a given asset id is taken is the store's to say.
 */
export function planSplit(
  unit: Pick<InventoryUnit, 'quantity' | 'asset_id' | 'serial_number'>,
  quantity: string,
  asset: { readonly assetId: string | null; readonly generate: boolean },
): AssetIdPlan {
  if (unit.serial_number) throw errors.unprocessable([messages.serialSplit()]);
  if (compareDecimal(quantity, '0') <= 0) throw errors.unprocessable([messages.splitNotPositive()]);
  const available = quantityAvailable(unit);
  if (compareDecimal(quantity, available) > 0) throw errors.unprocessable([messages.splitAboveAvailable()]);
  if (compareDecimal(quantity, available) === 0) throw errors.unprocessable([messages.splitNotBelowAvailable()]);
  if (asset.assetId) return { kind: 'given', assetId: asset.assetId };
  if (asset.generate) return { kind: 'generate' };
  if (unit.asset_id) throw errors.unprocessable([messages.assetIdRequired()]);
  return { kind: 'none' };
}

/** DESIGN 4: the quantity less reservations, of which there are none yet. */
export const quantityAvailable = (unit: Pick<InventoryUnit, 'quantity'>): string => unit.quantity;
