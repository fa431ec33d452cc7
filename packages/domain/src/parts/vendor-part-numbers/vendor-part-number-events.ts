import { eventSource, eventStep, stepEvent, type EventSource } from '../../events';
import type { Context } from '../../context';
import type { VendorPartNumber } from '../../records';
import type { InsertStep } from '../../write-plan';

/** Where a part's vendor numbers live in an event's path (`part/12/vendor_part_number/4`). */
const numberCollection = (partId: number): string => `part/${partId}/vendor_part_number`;

/** `vendor_part_number.added`: the number's fields, its id (drawn by the plan) in the path. */
export const vendorPartNumberAdded = (ctx: Pick<Context, 'actor' | 'clock'>, number: InsertStep<'vendor_part_number'>): InsertStep<'event'> =>
  stepEvent(eventSource(ctx), 'vendor_part_number.added', numberCollection(number.values.part_id as number), number);

/** `vendor_part_number.removed`: whose number it was, for a reader that no longer finds it. */
export const vendorPartNumberRemoved = (source: EventSource, number: Pick<VendorPartNumber, 'id' | 'part_id' | 'vendor_id' | 'part_number'>): InsertStep<'event'> =>
  eventStep(source, 'vendor_part_number.removed', { collection: numberCollection(number.part_id), id: number.id }, { vendor_id: number.vendor_id, part_number: number.part_number });
