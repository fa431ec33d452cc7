import type { Context } from '../../context';
import { eventSource, stepEvent } from '../../events';
import { unitEvent } from '../../inventory/unit-events';
import type { InsertStep, WriteStep } from '../../write-plan';

/**
 * An import's events: each order (`purchase_order.imported`, with how many lines it had and how
 * many units it received), then each unit it received (`inventory_unit.created`, naming its order's
 * number), in the plan's order.
 */
export function importEvents(ctx: Pick<Context, 'actor' | 'clock'>, steps: readonly WriteStep[]): InsertStep<'event'>[] {
  const source = eventSource(ctx);
  const orders = steps.filter((step): step is InsertStep<'purchase_order'> => step.kind === 'insert' && step.table === 'purchase_order');
  const units = steps.filter((step): step is InsertStep<'inventory_unit'> => step.kind === 'insert' && step.table === 'inventory_unit');
  const linesOf = (order: InsertStep<'purchase_order'>) =>
    steps.filter((step) => step.kind === 'insert' && step.table === 'purchase_item' && sameOrder(step, order)).length;
  const receivedBy = (order: InsertStep<'purchase_order'>) => units.filter((unit) => sameOrder(unit, order)).length;
  return [
    ...orders.map((order) => stepEvent(source, 'purchase_order.imported', 'purchase_order', order, { item_count: linesOf(order), received_unit_count: receivedBy(order) })),
    ...units.map((unit) => unitEvent(ctx, 'created', unit.values.part_id as number, unit, { received_on: unit.values.purchase_order_number })),
  ];
}

/** Whether an insert names `order` as its purchase order (by the insert's name: the order has no id yet). */
function sameOrder(step: WriteStep, order: InsertStep<'purchase_order'>): boolean {
  const named = (step.kind === 'insert' ? (step.values as { purchase_order_id?: unknown }).purchase_order_id : undefined) as { $inserted?: string } | undefined;
  return named?.$inserted === order.name;
}
