import { describe, expect, it } from 'vitest';
import { constraintProblems, constraintReads } from './constraints';

describe('constraintReads and constraintProblems', () => {
  it("reads a create's unique keys and references, and names the field of each problem", () => {
    const reads = constraintReads('inventory_sublocation', { name: 'A', inventory_location_id: 4 });
    expect(Object.values(reads)).toEqual([
      { kind: 'one', table: 'inventory_sublocation', where: { inventory_location_id: 4, name: 'A' } },
      { kind: 'one', table: 'inventory_location', where: { id: 4 } },
    ]);
    const [taken, target] = Object.keys(reads);
    expect(constraintProblems('inventory_sublocation', reads, { [taken!]: { id: 1 }, [target!]: null })).toEqual([
      { field: 'name', message: 'Name has already been taken' },
      { field: 'inventory_location_id', message: 'Inventory location must exist' },
    ]);
    expect(constraintProblems('inventory_sublocation', reads, { [taken!]: null, [target!]: { id: 4 } })).toEqual([]);
  });

  it("reads on update only what the fields sent touch, a key's other columns from the record, itself no clash", () => {
    expect(constraintReads('inventory_sublocation', { has_bins: true }, { entry: 'record', id: 3 })).toEqual({});
    expect(Object.values(constraintReads('inventory_sublocation', { name: 'B' }, { entry: 'record', id: 3 }))).toEqual([
      { kind: 'one', table: 'inventory_sublocation', where: { inventory_location_id: { $ref: 'record', column: 'inventory_location_id' }, name: 'B', id: { $ne: 3 } } },
    ]);
  });
});
