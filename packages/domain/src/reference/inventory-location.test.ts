import { describe, expect, it } from 'vitest';
import { isPipsError } from '../errors';
import { fakeContext } from '../test';
import { createRecord } from './engine/create-record';
import { parseRecord } from './engine/record-input';
import { inventoryLocationResource } from './inventory-location';

async function refusal(body: object) {
  const ctx = fakeContext();
  const error = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, body)).catch((e: unknown) => e);
  if (!isPipsError(error)) throw new Error(`expected a PipsError, got ${String(error)}`);
  expect(await ctx.store.rows('inventory_location')).toEqual([]);
  return [error.code, error.messages];
}

describe('inventory location create: its sublocations', () => {
  it('reads each item as a create does: defaults filled, unknown fields ignored', async () => {
    const ctx = fakeContext();
    const body = { name: 'Main', inventory_sublocations: { inventory_sublocation: { name: 'A', colour: 'red' } } };
    const { related } = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, body));
    expect(related.sublocations).toMatchObject([{ name: 'A', has_bins: false, inventory_location_id: 1 }]);
    expect(related.sublocations[0]).not.toHaveProperty('colour');
  });

  it('gives a location created without any the default one', async () => {
    const { related } = await createRecord(fakeContext(), inventoryLocationResource, parseRecord(inventoryLocationResource, { name: 'Main' }));
    expect(related.sublocations).toMatchObject([{ name: 'Default', has_bins: false }]);
  });

  it('names the list in the messages of its items, and writes nothing', async () => {
    const body = { name: 'Main', inventory_sublocations: [{ name: '' }, { name: 'B', has_bins: 'maybe' }] };
    expect(await refusal(body)).toEqual([
      'invalid',
      ["Inventory sublocations name can't be blank", 'Inventory sublocations has bins must be true or false'],
    ]);
  });

  it('makes one sublocation of a name listed twice alike, and refuses one listed twice with different values', async () => {
    const ctx = fakeContext();
    const twice = { name: 'Main', inventory_sublocations: [{ name: 'A' }, { name: 'B' }, { name: 'A', has_bins: 'false' }] };
    const { related } = await createRecord(ctx, inventoryLocationResource, parseRecord(inventoryLocationResource, twice));
    expect(related.sublocations.map((sublocation) => sublocation.name)).toEqual(['A', 'B']);
    const body = { name: 'Other', inventory_sublocations: [{ name: 'A' }, { name: 'A', has_bins: 'true' }] };
    expect(await refusal(body)).toEqual(['invalid', ["Inventory sublocations name 'A' is listed twice with different values"]]);
  });

  it('refuses text where the list should be', async () => {
    expect(await refusal({ name: 'Main', inventory_sublocations: 'Shelf A' })).toEqual([
      'invalid',
      ['Inventory sublocations must be a list'],
    ]);
  });
});
