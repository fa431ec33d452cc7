import { compareDecimal } from '../../decimal';
import { messages } from '../../errors';
import type { InventoryUnit, Part } from '../../records';

/** What a part's delete rules rest on, read with the part locked: its units (locked) and the parts whose bills list it. */
export interface PartDeleteFacts {
  readonly part: Part;
  readonly units: ReadonlyArray<Pick<InventoryUnit, 'id' | 'quantity'>>;
  /** The parts with a bill line naming the part, in id order. */
  readonly holders: ReadonlyArray<Pick<Part, 'id' | 'partnumber'>>;
}

/** A rule that can refuse a part's delete: the message why (a 422) while the part may not go, else null. */
export type DeleteGuard = (facts: PartDeleteFacts) => string | null;

/** Not while any revision of another part lists it, released or not; the holders named in id order. */
const notOnBills: DeleteGuard = ({ holders }) => (holders.length === 0 ? null : messages.usedOnBills(holders.map((holder) => holder.partnumber)));

/** Not while any of its units holds stock; the units are read locked, so a change committed first is seen. */
const holdsNoStock: DeleteGuard = ({ units }) => {
  const stocked = units.filter((unit) => compareDecimal(unit.quantity, '0') > 0);
  return stocked.length === 0 ? null : messages.holdsStock(stocked.map((unit) => unit.id));
};

/**
 * Every rule a part's delete checks first (DESIGN 4: not while the part holds stock or sits on a
 * bill of material). The store still refuses a delete that would break a declared reference.
 */
export const deleteGuards: readonly DeleteGuard[] = [holdsNoStock, notOnBills];
