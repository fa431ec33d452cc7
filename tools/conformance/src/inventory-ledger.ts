import { expect } from 'vitest';
import { get, type Endpoint } from './client';
import { expectList, expectStatus, idOf, show, type Rec } from './expect-xml';
import { inventoryForms } from './inventory-forms';
import { toScaled } from './scaled-decimal';

/** What the API says a part's units hold and how they came to hold it, read after the race. */

export interface LedgerRecord {
  readonly id: number;
  readonly unitId: number;
  readonly type: string;
  readonly before: bigint;
  readonly after: bigint;
  readonly from: number | null;
  readonly to: number | null;
  readonly related: number | null;
  readonly comment: string | null;
}

export interface UnitLedger {
  readonly id: number;
  /** As the unit's show answers it. */
  readonly quantity: bigint;
  /** In id order. */
  readonly records: readonly LedgerRecord[];
}

export interface Ledger {
  /** In id order. */
  readonly units: readonly UnitLedger[];
  /** The per-part listing: a quantity per unit, in id order. */
  readonly listed: readonly bigint[];
}

const idOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

function ledgerRecord(item: Rec): LedgerRecord {
  return {
    id: idOf(item),
    unitId: Number(item.inventory_unit_id),
    type: String(item.record_type),
    before: toScaled(String(item.quantity_before)),
    after: toScaled(String(item.quantity_after)),
    from: idOrNull(item.from_sublocation_id),
    to: idOrNull(item.to_sublocation_id),
    related: idOrNull(item.related_inventory_unit_id),
    comment: item.comment === null || item.comment === undefined ? null : String(item.comment),
  };
}

/**
 * The part's listing, and each of `unitIds` shown with all its records. The listing names no ids,
 * so the units are the ones the test knows of: those it created and those split answers named.
 */
export async function readLedger(endpoint: Endpoint, partId: number, unitIds: Iterable<number>): Promise<Ledger> {
  const units: UnitLedger[] = [];
  for (const id of [...new Set(unitIds)].sort((a, b) => a - b)) {
    const shown = await get(endpoint, `/parts/${partId}/inventory_units/${id}`);
    expectStatus(shown, 200);
    const unit = shown.xml?.inventory_unit as Rec | undefined;
    expect(unit?.id, show(shown)).toBe(String(id));
    const reply = await get(endpoint, `/parts/${partId}/inventory_units/${id}/inventory_records`);
    const records = expectList(reply, 'inventory_records', 'inventory_record', inventoryForms.record).map(ledgerRecord);
    units.push({ id, quantity: toScaled(String(unit?.quantity)), records: records.sort((a, b) => a.id - b.id) });
  }
  const listing = await get(endpoint, `/part/${partId}/inventory_units`);
  const listed = expectList(listing, 'inventory_units', 'inventory_unit', inventoryForms.listed).map((item) => toScaled(String(item.quantity)));
  return { units, listed };
}
