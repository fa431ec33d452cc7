import type { CallOptions } from '../call-options';
import { operations } from '../operations';
import { purchaseOrder, purchaseOrderListItem } from '../shapes/purchasing';
import type { Transport } from '../transport/transport';
import type { PurchaseOrder, PurchaseOrderFilter, PurchaseOrderListItem } from '../types/purchasing';
import { filteredLists, pagedReader, type FilteredLists } from './paged';

/** SPEC 4.8 (beta): purchase orders, newest first; read only. */
export interface PurchaseOrdersGroup extends FilteredLists<PurchaseOrderListItem, PurchaseOrderFilter> {
  show(id: number, options?: CallOptions): Promise<PurchaseOrder>;
}

export function purchaseOrdersGroup(transport: Transport): PurchaseOrdersGroup {
  const routes = operations.purchaseOrders;
  const reader = pagedReader(transport, routes, 'purchase_orders', 'purchase_order', purchaseOrderListItem);
  return {
    ...filteredLists<PurchaseOrderListItem, PurchaseOrderFilter>(reader),
    show: (id, options) => transport.document(routes.show, { params: { id }, options }, 'purchase_order', purchaseOrder),
  };
}
