import { describe, expect, it } from 'vitest';
import type { Part } from '../../records';
import { deleteGuards } from './delete-guards';
import { planDeletePart, planUnlink } from './plan-delete-part';

describe('deleteGuards', () => {
  const part = { id: 3 } as Part;
  const refusals = (facts: Omit<Parameters<(typeof deleteGuards)[number]>[0], 'part'>) =>
    deleteGuards.map((guard) => guard({ part, ...facts })).filter((message) => message !== null);

  it('let a part with empty units on no bill go', () => {
    expect(refusals({ units: [{ id: 1, quantity: '0.0' }], holders: [] })).toEqual([]);
  });

  it('refuse stock before bills, naming the stocked units and the holders in the order read', () => {
    const units = [
      { id: 1, quantity: '0.0' },
      { id: 4, quantity: '2.5' },
    ];
    const holders = [
      { id: 5, partnumber: 'TOP' },
      { id: 9, partnumber: 'ASSY' },
    ];
    expect(refusals({ units, holders })).toEqual([
      'Cannot delete a part that holds stock: inventory units 4',
      'Cannot delete a part used on a bill of materials: it is a subpart of TOP, ASSY',
    ]);
  });
});

describe('planUnlink', () => {
  it('clears the active revision the part was read with, or writes nothing when it has none', () => {
    expect(planUnlink({ id: 3, active_revision_id: 7 })?.steps).toEqual([
      { kind: 'update', table: 'part', id: 3, patch: { active_revision_id: null }, expected: { active_revision_id: 7 } },
    ]);
    expect(planUnlink({ id: 3, active_revision_id: null })).toBeNull();
  });
});

describe('planDeletePart', () => {
  it('deletes what only describes the part, dependents before what they name, the part last', () => {
    expect(planDeletePart({ id: 3 }, [7, 8]).steps).toEqual([
      { kind: 'delete', table: 'part_revision_attribute', where: { part_revision_id: { $in: [7, 8] } } },
      { kind: 'delete', table: 'subpart', where: { part_id: 3 } },
      { kind: 'delete', table: 'part_revision', where: { part_id: 3 } },
      { kind: 'delete', table: 'alternate_part', where: { part_id: 3 } },
      { kind: 'delete', table: 'alternate_part', where: { alternate_part_id: 3 } },
      { kind: 'delete', table: 'vendor_part_number', where: { part_id: 3 } },
      { kind: 'delete', table: 'quote', where: { part_id: 3 } },
      { kind: 'delete', table: 'inventory_record', where: { part_id: 3 } },
      { kind: 'delete', table: 'inventory_unit', where: { part_id: 3 } },
      { kind: 'delete', table: 'part', where: { id: 3 } },
    ]);
  });

  it('has no attributes to delete for a part without revisions', () => {
    expect(planDeletePart({ id: 3 }, []).steps[0]).toEqual({ kind: 'delete', table: 'subpart', where: { part_id: 3 } });
  });
});
