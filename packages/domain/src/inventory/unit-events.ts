import type { Context } from '../context';
import { eventSource, eventStep, stepEvent } from '../events';
import type { InventoryUnit } from '../records';
import type { InsertStep, WriteStep } from '../write-plan';
import { INVENTORY_PERMISSION } from './inventory-permission';

/** What happened to a unit: the event's type is `inventory_unit.<change>`. */
export type UnitChange = 'created' | 'updated' | 'adjusted' | 'consumed' | 'moved' | 'split' | 'disposed';

/** Where a part's units live in an event's path (`part/12/inventory/34`). */
export const unitCollection = (partId: number): string => `part/${partId}/inventory`;

/** The event of a step that writes a unit of `partId`: the step's fields, with `more` beside them. */
export function unitEvent(
  ctx: Pick<Context, 'actor' | 'clock'>,
  change: UnitChange,
  partId: number,
  step: WriteStep<'inventory_unit'>,
  more: Record<string, unknown> = {},
): InsertStep<'event'> {
  return stepEvent(eventSource(ctx), `inventory_unit.${change}`, unitCollection(partId), step, more, INVENTORY_PERMISSION);
}

/**
 * `inventory_unit.deleted`: a unit removed with its part (only an empty one may be, so it holds
 * the quantity it had), one event per unit so a follower of units sees each go at its own path.
 */
export const unitDeleted = (ctx: Pick<Context, 'actor' | 'clock'>, partId: number, unit: Pick<InventoryUnit, 'id' | 'quantity'>): InsertStep<'event'> =>
  eventStep(eventSource(ctx), 'inventory_unit.deleted', { collection: unitCollection(partId), id: unit.id }, { quantity: unit.quantity }, INVENTORY_PERMISSION);
