import { describe, expect, it } from 'vitest';
import { refusal } from '../../scenarios/refusal.test-helper';
import { checkUnitUpdate, planUnitUpdate } from './plan-update-unit';

describe('checkUnitUpdate', () => {
  it('needs a quantity of exactly 1 for a serial number, listed before the store saying it is taken (400)', () => {
    expect(refusal(() => checkUnitUpdate({ quantity: '3.0' }, { serial_number: 'SN-1' }, ['Serial number has already been taken']))).toMatchObject({
      code: 'invalid',
      messages: ['Serial number needs a quantity of exactly 1', 'Serial number has already been taken'],
    });
    expect(() => checkUnitUpdate({ quantity: '1.0' }, { serial_number: 'SN-1' }, [])).not.toThrow();
    expect(() => checkUnitUpdate({ quantity: '3.0' }, { serial_number: null, lot_code: 'L' }, [])).not.toThrow();
  });
});

describe('planUnitUpdate', () => {
  it('plans one update of the details sent, guarded by the quantity read, and no record', () => {
    const now = new Date('2024-05-06T07:08:09.123Z');
    const { plan, unit } = planUnitUpdate({ id: 8, quantity: '1.0' }, { lot_code: 'L-42', serial_number: 'SN-1' }, now);
    expect(plan.steps).toEqual([
      { kind: 'update', table: 'inventory_unit', id: 8, patch: { lot_code: 'L-42', serial_number: 'SN-1', updated_at: now }, expected: { quantity: '1.0' } },
    ]);
    expect(plan.steps[0]).toBe(unit);
  });
});
