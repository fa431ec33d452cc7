import { compareDecimal } from '../decimal';
import { messages } from '../errors';
import type { Problems } from '../parse-input';
import type { Unit } from '../records';

/** A canonical decimal (`10.0`, `0.5`) is whole when its fraction is the one zero canonical form keeps. */
export const isWhole = (quantity: string): boolean => quantity.endsWith('.0');

/** A unit of measure with `allow_fractional` false counts whole units only (400). */
export function checkWhole(quantity: string, measure: Pick<Unit, 'name' | 'allow_fractional'>, found: Problems): void {
  if (!measure.allow_fractional && !isWhole(quantity)) found.add(messages.wholeQuantity(measure.name));
}

/** DESIGN 4: a unit with a serial number holds exactly one item. */
export function checkSerialQuantity(serialNumber: string | null | undefined, quantity: string, found: Problems): void {
  if (serialNumber && compareDecimal(quantity, '1') !== 0) found.add(messages.serialNeedsOne());
}
