import { errors } from '../errors';
import type { ReadTx } from '../ports';
import { many, ref } from '../read-plan';
import type { PurchaseItem, PurchaseOrder, Vendor } from '../records';

/** A purchase order as its show form answers it (SPEC 2.16): the order, its vendor and its lines in order. */
export interface PurchaseOrderView {
  readonly order: PurchaseOrder;
  readonly vendor: Pick<Vendor, 'id' | 'name'>;
  readonly items: readonly PurchaseItem[];
}

/** One order with its vendor and lines: one statement. 404 when no order has `id`. */
export async function readPurchaseOrder(tx: ReadTx, id: number): Promise<PurchaseOrderView> {
  const loaded = await tx.load({
    order: many('purchase_order', { id }),
    vendor: many('vendor', { id: ref('order', 'vendor_id') }, { columns: ['id', 'name'] }),
    items: many('purchase_item', { purchase_order_id: id }, { orderBy: [['position', 'asc']] }),
  });
  const order = loaded.order[0];
  const vendor = loaded.vendor[0];
  if (!order || !vendor) throw errors.notFound('PurchaseOrder', id);
  return { order, vendor, items: loaded.items };
}
