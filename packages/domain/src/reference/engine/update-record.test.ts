import { describe, expect, it } from 'vitest';
import { isPipsError, type PipsError } from '../../errors';
import { fakeContext, type FakeContext } from '../../test';
import { inventoryLocationResource } from '../inventory-location';
import { inventorySublocationResource } from '../inventory-sublocation';
import { parttypeResource } from '../parttype';
import { unitResource } from '../unit';
import { createRecord } from './create-record';
import { parseRecord } from './record-input';
import { showRecord } from './show-record';
import { updateRecord } from './update-record';
import { parseRecordChanges } from './record-input';

async function failure(promise: Promise<unknown>): Promise<PipsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isPipsError(error)) throw new Error(`expected a PipsError, got ${String(error)}`);
  return error;
}

/** A stored location (with its default sublocation), made the way a request makes one. */
const location = async (ctx: FakeContext, name: string) => (await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, { name }))).row;

describe('updateRecord: blank not-null fields', () => {
  it.each([
    [parttypeResource, { name: 'Resistor' }, { is_non_material: '' }, "Is non material can't be blank"],
    [parttypeResource, { name: 'Resistor' }, { parent_only: ' ' }, "Parent only can't be blank"],
    [unitResource, { name: 'each' }, { allow_fractional: '' }, "Allow fractional can't be blank"],
    [inventorySublocationResource, { name: 'A', inventory_location_id: '1' }, { has_bins: null }, "Has bins can't be blank"],
  ] as const)('refuses %#: %j → %j', async (def, created, patch, message) => {
    const ctx = fakeContext();
    await location(ctx, 'Main');
    const { row } = await createRecord(ctx, def as never, parseRecord(def as never, created));
    const error = await failure(updateRecord(ctx, def as never, row.id, parseRecordChanges(def as never, patch)));
    expect([error.code, error.messages]).toEqual(['invalid', [message]]);
  });

  it('still lets a nullable field go blank', async () => {
    const ctx = fakeContext();
    const { row } = await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name: 'Resistor', attrition: '1.5' }));
    const { row: updated } = await updateRecord(ctx, parttypeResource, row.id, parseRecordChanges(parttypeResource, { attrition: '' }));
    expect(updated.attrition).toBeNull();
  });
});

describe('updateRecord: fixed columns', () => {
  /** Sublocation `A` of location 1, `Main`; location 2, `Annex`, exists too. */
  async function sublocationIn(ctx: FakeContext) {
    expect([(await location(ctx, 'Main')).id, (await location(ctx, 'Annex')).id]).toEqual([1, 2]);
    return (await createRecord(ctx, inventorySublocationResource, parseRecord(inventorySublocationResource, { name: 'A', inventory_location_id: '1' }))).row;
  }

  it('refuses a new value with 422 and writes nothing', async () => {
    const ctx = fakeContext();
    const created = await sublocationIn(ctx);
    const before = await ctx.store.rows('inventory_sublocation');
    const error = await failure(
      updateRecord(ctx, inventorySublocationResource, created.id, parseRecordChanges(inventorySublocationResource, { name: 'B', inventory_location_id: '2' })),
    );
    expect([error.code, error.messages]).toEqual(['unprocessable', ["Inventory location can't be changed"]]);
    expect(await ctx.store.rows('inventory_sublocation')).toEqual(before);
    expect(before).toContainEqual(created);
  });

  it('takes the value it already has', async () => {
    const ctx = fakeContext();
    const created = await sublocationIn(ctx);
    const { row } = await updateRecord(ctx, inventorySublocationResource, created.id, parseRecordChanges(inventorySublocationResource, { name: 'B', inventory_location_id: '1' }));
    expect(row).toMatchObject({ name: 'B', inventory_location_id: 1 });
  });

  it('reports field errors first, as 400', async () => {
    const ctx = fakeContext();
    const created = await sublocationIn(ctx);
    for (const [value, message] of [
      ['two', 'Inventory location must be an integer'],
      ['', "Inventory location can't be blank"],
    ]) {
      const error = await failure(updateRecord(ctx, inventorySublocationResource, created.id, parseRecordChanges(inventorySublocationResource, { inventory_location_id: value })));
      expect([error.code, error.messages]).toEqual(['invalid', [message]]);
    }
  });
});

describe('updateRecord: the answer', () => {
  it('is what a show reads back: related data read with the record, or read again when a column it is found by changed', async () => {
    const ctx = fakeContext();
    const location = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, { name: 'Main', inventory_sublocations: [{ name: 'A' }] }));
    const renamed = await updateRecord(ctx, inventoryLocationResource, location.row.id, parseRecordChanges(inventoryLocationResource, { name: 'Annex' }));
    expect(renamed).toEqual(await showRecord(ctx, inventoryLocationResource, location.row.id));
    expect(renamed.related.sublocations).toMatchObject([{ name: 'A' }]);
    for (const name of ['Resistor', 'Capacitor', 'Thin film']) await createRecord(ctx, parttypeResource, parseRecord(parttypeResource, { name }));
    await updateRecord(ctx, parttypeResource, 3, parseRecordChanges(parttypeResource, { parent_id: '1' }));
    const moved = await updateRecord(ctx, parttypeResource, 3, parseRecordChanges(parttypeResource, { parent_id: '2' }));
    expect(moved).toEqual(await showRecord(ctx, parttypeResource, 3));
    expect(moved.related).toEqual({ parentName: 'Capacitor' });
  });
});
