import type { Context } from '../../context';
import { readPurchaseOrder, type PurchaseOrderView } from '../purchase-order-view';

/** SPEC 4.8 `GET <P>/purchase_orders/:id`: a valid token is enough (DESIGN 4); one statement, no transaction. */
export function showPurchaseOrder(ctx: Context, id: number): Promise<PurchaseOrderView> {
  return ctx.store.read((tx) => readPurchaseOrder(tx, id));
}
