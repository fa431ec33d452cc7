import { deleteRows, insertRow, writePlan, type DeleteStep, type InsertStep, type WritePlan } from '../../write-plan';
import type { VendorPartNumberInput } from './vendor-part-number-input';

/** An add's write: the number as sent, made and changed `now`. */
export function planAddVendorPartNumber(input: VendorPartNumberInput, now: Date): { plan: WritePlan; number: InsertStep<'vendor_part_number'> } {
  const number = insertRow('vendor_part_number', { ...input, created_at: now, updated_at: now });
  return { plan: writePlan([number]), number };
}

/** A remove's write: number `id`, whose absence the deleted rows show. */
export function planRemoveVendorPartNumber(id: number): { plan: WritePlan; number: DeleteStep<'vendor_part_number'> } {
  const number = deleteRows('vendor_part_number', { id });
  return { plan: writePlan([number]), number };
}
