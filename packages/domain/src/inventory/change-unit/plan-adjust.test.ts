import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { planAdjust, refuseAdjustment } from './plan-adjust';

describe('refuseAdjustment', () => {
  it('lets a consumption only lower, and a serialised unit hold only 1 or 0 (422)', () => {
    expect(refusal(() => refuseAdjustment({ quantity: '5.0', serial_number: null }, { quantity: '6.0', type: 'consume' }))).toMatchObject({
      code: 'unprocessable',
      messages: ['A consumption cannot raise the quantity'],
    });
    expect(refusal(() => refuseAdjustment({ quantity: '1.0', serial_number: 'SN' }, { quantity: '2.0', type: 'adjust' }))).toMatchObject({
      messages: ['A unit with a serial number can hold only a quantity of 1 or 0'],
    });
    expect(() => refuseAdjustment({ quantity: '5.0', serial_number: null }, { quantity: '6.0', type: 'adjust' })).not.toThrow();
    expect(() => refuseAdjustment({ quantity: '1.0', serial_number: 'SN' }, { quantity: '0.0', type: 'consume' })).not.toThrow();
  });
});

describe('planAdjust', () => {
  it('plans the update guarded by what the rules read and the record from the quantity read to the new one', () => {
    const now = new Date('2024-05-06T07:08:09.123Z');
    const read = { id: 8, part_id: 3, quantity: '5.0', serial_number: null, unit_id: 4, inventory_sublocation_id: 6 };
    const { plan, unit } = planAdjust(read, { quantity: '4.25', type: 'consume', comment: 'build 7' }, { creatorId: 2, now });
    expect(plan.steps).toEqual([
      {
        kind: 'update',
        table: 'inventory_unit',
        id: 8,
        patch: { quantity: '4.25', updated_at: now },
        expected: { quantity: '5.0', serial_number: null, unit_id: 4, inventory_sublocation_id: 6 },
      },
      {
        kind: 'insert',
        table: 'inventory_record',
        values: {
          inventory_unit_id: 8,
          part_id: 3,
          record_type: 'consume',
          quantity_before: '5.0',
          quantity_after: '4.25',
          from_sublocation_id: null,
          to_sublocation_id: null,
          related_inventory_unit_id: null,
          comment: 'build 7',
          creator_id: 2,
          created_at: now,
        },
      },
    ]);
    expect(plan.steps[0]).toBe(unit);
  });
});
