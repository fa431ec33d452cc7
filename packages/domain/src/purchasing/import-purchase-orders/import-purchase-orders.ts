import { withEvents } from '../../events';
import { importEvents } from './import-events';
import type { Context } from '../../context';
import { errors, messages } from '../../errors';
import type { PurchaseOrder } from '../../records';
import type { ImportedOrder } from './import-input';
import { checkImport, planImport } from './import-rules';
import { loadImportState } from './import-state';

/** What an import brought in. */
export interface ImportSummary {
  readonly orders: ReadonlyArray<Pick<PurchaseOrder, 'id' | 'number'>>;
  readonly items: number;
  /** Lines received into stock, each now an inventory unit. */
  readonly received: number;
}

/**
 * Brings purchase orders in (DESIGN 4: the API only reads them): the value under a file's
 * `purchase_orders` root, all or nothing. Every problem is reported with its place in the file
 * and nothing is written; else each order, its lines, and for each line received into stock an
 * inventory unit with its `receive` record, in one transaction: one statement reads what the
 * checks need, whatever the file's size, and one plan writes it (a file of thousands of lines is
 * more than one SQL statement holds: the store cuts it). `orders` are the file's, parsed
 * by `parsePurchaseOrderImport`; none at all is refused.
 */
export async function importPurchaseOrders(ctx: Context, orders: readonly ImportedOrder[]): Promise<ImportSummary> {
  if (orders.length === 0) throw errors.invalid([messages.importRoot('purchase_orders')]);
  return ctx.store.transaction(async (tx) => {
    const checked = checkImport(orders, await loadImportState(tx, orders));
    const planned = planImport(checked, ctx.site.currency, { creatorId: ctx.actor.tokenId, now: ctx.clock.now() });
    const written = await tx.write(withEvents(planned.plan, importEvents(ctx, planned.plan.steps)));
    return {
      orders: planned.orders.map((step) => {
        const row = written.row(step) as PurchaseOrder;
        return { id: row.id, number: row.number };
      }),
      items: planned.items,
      received: planned.received,
    };
  });
}
