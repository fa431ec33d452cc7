import { operations } from '../operations';
import type { Page, PageRequest } from '../pagination';
import { purchaseOrder, purchaseOrderListItem } from '../shapes/purchasing';
import type { Transport } from '../transport/transport';
import type { PurchaseOrder, PurchaseOrderFilter, PurchaseOrderListItem } from '../types/purchasing';
import { pagedReader, splitPaging, type WalkOptions } from './paged';

/** SPEC 4.8 (beta): purchase orders, newest first; read only. */
export interface PurchaseOrdersGroup {
  list(filter?: PurchaseOrderFilter): Promise<PurchaseOrderListItem[]>;
  page(options?: PurchaseOrderFilter & PageRequest): Promise<Page<PurchaseOrderListItem>>;
  all(options?: WalkOptions<PurchaseOrderFilter>): AsyncGenerator<PurchaseOrderListItem, void, undefined>;
  show(id: number): Promise<PurchaseOrder>;
}

export function purchaseOrdersGroup(transport: Transport): PurchaseOrdersGroup {
  const routes = operations.purchaseOrders;
  const reader = pagedReader(transport, routes, 'purchase_orders', 'purchase_order', purchaseOrderListItem);
  return {
    list: (filter) => reader.list({}, filter ?? {}),
    page: (options) => {
      const { filter, request } = splitPaging(options);
      return reader.page({}, filter, request);
    },
    all: (options) => {
      const { per_page, ...filter } = options ?? {};
      return reader.all({}, filter, per_page);
    },
    show: (id) => transport.document(routes.show, { params: { id } }, 'purchase_order', purchaseOrder),
  };
}
