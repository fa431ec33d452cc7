import { describe, expect, it } from 'vitest';
import { planAddVendorPartNumber, planRemoveVendorPartNumber } from './plan-vendor-part-number';
import { parseVendorPartNumber } from './vendor-part-number-input';

describe('planAddVendorPartNumber and planRemoveVendorPartNumber', () => {
  it('insert the number stamped now, and delete number id alone', () => {
    const now = new Date('2025-03-04T05:06:07Z');
    const added = planAddVendorPartNumber(parseVendorPartNumber({ part_id: '1', vendor_id: '2', part_number: 'DK-1', comment: 'tape' }), now);
    expect(added.plan.steps).toEqual([
      {
        kind: 'insert',
        table: 'vendor_part_number',
        values: { part_id: 1, vendor_id: 2, unit_id: null, part_number: 'DK-1', comment: 'tape', created_at: now, updated_at: now },
      },
    ]);
    expect(added.plan.steps[0]).toBe(added.number);
    const removed = planRemoveVendorPartNumber(4);
    expect(removed.plan.steps).toEqual([{ kind: 'delete', table: 'vendor_part_number', where: { id: 4 } }]);
    expect(removed.plan.steps[0]).toBe(removed.number);
  });
});
