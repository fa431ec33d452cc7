import { errors, messages } from '../errors';
import type { InventoryUnit } from '../records';
import { insertRow, updateRow, type WriteStep } from '../write-plan';
import { recordValues, type ChangeStamp } from './inventory-record';

/** What a release says of one of the part's units (SPEC 4.7). */
export interface UnitDisposition {
  readonly id: number;
  readonly action: 'keep' | 'dispose';
  readonly disposition_comment: string | null;
}

/** The ids of the units a release lists, each once: what its read looks for among the part's units. */
export const listedUnitIds = (listed: readonly UnitDisposition[]): number[] => [...new Set(listed.map((choice) => choice.id))];

/**
 * Each unit a release lists must be a unit of the part (400, every stranger named): `units` are the
 * part's units among those listed, as read (a unit never changes part, so the answer holds).
 */
export function checkListedUnits(units: ReadonlyArray<Pick<InventoryUnit, 'id'>>, listed: readonly UnitDisposition[]): void {
  const strangers = listedUnitIds(listed).filter((id) => !units.some((unit) => unit.id === id));
  if (strangers.length > 0) throw errors.invalid(strangers.map((id) => messages.notAUnitOfPart(id)));
}

/**
 * DESIGN 4: each unit listed `dispose` goes to 0 (if it still holds the quantity read), with a
 * `dispose` record holding its comment; `keep` leaves it. Steps of a write plan, in `units`' order.
 */
export function planDisposals(units: readonly InventoryUnit[], listed: readonly UnitDisposition[], stamp: ChangeStamp): WriteStep[] {
  return units.flatMap((unit) => {
    const choice = listed.find((candidate) => candidate.id === unit.id && candidate.action === 'dispose');
    if (!choice) return [];
    return [
      updateRow('inventory_unit', unit.id, { quantity: '0.0', updated_at: stamp.now }, { quantity: unit.quantity }),
      insertRow('inventory_record', recordValues(unit, { type: 'dispose', before: unit.quantity, after: '0.0', comment: choice.disposition_comment }, stamp)),
    ];
  });
}
