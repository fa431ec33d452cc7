import type { EventSource } from '../../events';
import type { VendorPartNumber } from '../../records';
import { planRemoval } from '../../removal';
import { insertRow, writePlan, type DeleteStep, type InsertStep, type WritePlan } from '../../write-plan';
import { vendorPartNumberRemoved } from './vendor-part-number-events';
import type { VendorPartNumberInput } from './vendor-part-number-input';

/** An add's write: the number as sent, made and changed `now` (named, so its event's path has its id). */
export function planAddVendorPartNumber(input: VendorPartNumberInput, now: Date): { plan: WritePlan; number: InsertStep<'vendor_part_number'> } {
  const number = insertRow('vendor_part_number', { ...input, created_at: now, updated_at: now }, 'number');
  return { plan: writePlan([number]), number };
}

/** A remove's write: `number` (read locked) deleted, and its event. */
export function planRemoveVendorPartNumber(number: VendorPartNumber, source: EventSource): { plan: WritePlan; number: DeleteStep<'vendor_part_number'> } {
  const { plan, removed } = planRemoval('vendor_part_number', number, vendorPartNumberRemoved(source, number));
  return { plan, number: removed };
}
