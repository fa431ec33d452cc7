import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { checkMove, planMove } from './plan-move';

const places = { sublocations: [{ id: 5, name: 'Shelf', has_bins: false } as never, { id: 6, name: 'Bins', has_bins: true } as never] };

describe('checkMove', () => {
  it('refuses a sublocation not among the places, and a bin where there are none (400)', () => {
    expect(refusal(() => checkMove({ inventory_sublocation_id: 7, sublocation_bin: 'B1' }, places))).toMatchObject({
      code: 'invalid',
      messages: ['Inventory sublocation must exist'],
    });
    expect(refusal(() => checkMove({ inventory_sublocation_id: 5, sublocation_bin: 'B1' }, places))).toMatchObject({
      code: 'invalid',
      messages: ['Sublocation bin must be blank: Shelf has no bins'],
    });
    expect(() => checkMove({ inventory_sublocation_id: 6, sublocation_bin: 'B1' }, places)).not.toThrow();
    expect(() => checkMove({ inventory_sublocation_id: 5, sublocation_bin: null }, places)).not.toThrow();
  });
});

describe('planMove', () => {
  it('plans the update guarded by the quantity read and a move record naming both ends', () => {
    const now = new Date('2024-05-06T07:08:09.123Z');
    const unit = { id: 8, part_id: 3, quantity: '5.0', inventory_sublocation_id: 5 };
    const { plan, unit: update } = planMove(unit, { inventory_sublocation_id: 6, sublocation_bin: 'B2', comment: 'reshelved' }, { creatorId: 2, now });
    expect(plan.steps).toEqual([
      { kind: 'update', table: 'inventory_unit', id: 8, patch: { inventory_sublocation_id: 6, sublocation_bin: 'B2', updated_at: now }, expected: { quantity: '5.0' } },
      {
        kind: 'insert',
        table: 'inventory_record',
        values: {
          inventory_unit_id: 8,
          part_id: 3,
          record_type: 'move',
          quantity_before: '5.0',
          quantity_after: '5.0',
          from_sublocation_id: 5,
          to_sublocation_id: 6,
          related_inventory_unit_id: null,
          comment: 'reshelved',
          creator_id: 2,
          created_at: now,
        },
      },
    ]);
    expect(plan.steps[0]).toBe(update);
  });
});
