import { describe, expect, it } from 'vitest';
import { eventPayload } from '../../event-payload.test-helper';
import { planAddVendorPartNumber, planRemoveVendorPartNumber } from './plan-vendor-part-number';
import { parseVendorPartNumber } from './vendor-part-number-input';

describe('planAddVendorPartNumber and planRemoveVendorPartNumber', () => {
  it('insert the number stamped now, and delete number id alone with its event at the part', () => {
    const now = new Date('2025-03-04T05:06:07Z');
    const added = planAddVendorPartNumber(parseVendorPartNumber({ part_id: '1', vendor_id: '2', part_number: 'DK-1', comment: 'tape' }), now);
    expect(added.plan.steps).toEqual([
      {
        kind: 'insert',
        table: 'vendor_part_number',
        values: { part_id: 1, vendor_id: 2, unit_id: null, part_number: 'DK-1', comment: 'tape', created_at: now, updated_at: now },
        name: 'number',
      },
    ]);
    expect(added.plan.steps[0]).toBe(added.number);
    const number = { id: 4, part_id: 1, vendor_id: 2, unit_id: null, part_number: 'DK-1', comment: null, created_at: now, updated_at: now };
    const removed = planRemoveVendorPartNumber(number, { token: 'ops', at: now });
    expect(removed.plan.steps[0]).toEqual({ kind: 'delete', table: 'vendor_part_number', where: { id: 4 } });
    expect(removed.plan.steps[0]).toBe(removed.number);
    expect(removed.plan.steps[1]).toMatchObject({ table: 'event', values: { type: 'vendor_part_number.removed', collection: 'part/1/vendor_part_number', record_id: 4 } });
    expect(eventPayload(removed.plan.steps[1])).toEqual({ vendor_id: 2, part_number: 'DK-1' });
  });
});
