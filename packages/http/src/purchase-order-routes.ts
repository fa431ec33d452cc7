import { listPurchaseOrders, showPurchaseOrder } from '@pips/domain';
import { compileElement } from '@pips/xml/forms';
import { domainContext } from './app-state';
import { setPagination } from './pagination-header';
import { pathId } from './path-id';
import { sendForm } from './reply';
import { purchaseOrderListForm, purchaseOrderShowForm } from './representations/purchase-order';
import type { RouteTable } from './route-table';
import { sendXmlList } from './stream-list';
import type { TimeFormat } from './time-format';
import { purchaseOrderOperations } from './openapi/operations/purchasing';

const listedElement = compileElement('purchase_order', purchaseOrderListForm);
const shownElement = compileElement('purchase_order', purchaseOrderShowForm);
const described = purchaseOrderOperations(listedElement, shownElement);

/** SPEC 4.8 (beta): purchase orders, read only (DESIGN 4: they come in by import); a valid token is enough. */
export function purchaseOrderRoutes(router: RouteTable, time: TimeFormat): void {
  router.get('/purchase_orders', async (ctx) => {
    const orders = await listPurchaseOrders(domainContext(ctx), ctx.state.params);
    setPagination(ctx, orders.pagination);
    await sendXmlList(ctx, 'purchase_orders', orders.batches, listedElement, time);
  }, described.list);
  router.get('/purchase_orders/:id', async (ctx) => {
    sendForm(ctx, shownElement, await showPurchaseOrder(domainContext(ctx), pathId('PurchaseOrder', ctx.params.id)), time);
  }, described.show);
}
