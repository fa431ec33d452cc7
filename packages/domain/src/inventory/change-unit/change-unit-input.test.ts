import { describe, expect, it } from 'vitest';
import { parseAdjust, parseMove } from './change-unit-input';

const ids = { partId: 2, unitId: 3 };

describe('parseAdjust', () => {
  it('reads the new quantity and adjust by default', () => {
    expect(parseAdjust(ids, { quantity: '7' }, undefined)).toEqual({ partId: 2, unitId: 3, quantity: '7.0', type: 'adjust', comment: null });
  });

  it('takes inventory_record nested in the unit or beside it; nested wins', () => {
    expect(parseAdjust(ids, { quantity: '1', inventory_record: { adjustment_type: 'consume', comment: 'used' } }, undefined)).toEqual({
      ...ids,
      quantity: '1.0',
      type: 'consume',
      comment: 'used',
    });
    expect(parseAdjust(ids, { quantity: '1' }, { adjustment_type: 'consume', comment: 'beside' })).toMatchObject({ type: 'consume', comment: 'beside' });
    expect(parseAdjust(ids, { quantity: '1', inventory_record: { comment: 'inner' } }, { comment: 'outer' })).toMatchObject({ comment: 'inner' });
  });

  it('refuses a missing, negative or non-numeric quantity and an unknown type, all at once (400)', () => {
    expect(() => parseAdjust(ids, {}, { adjustment_type: 'steal' })).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ["Quantity can't be blank", 'Adjustment type must be one of: adjust, consume'] }),
    );
    expect(() => parseAdjust(ids, { quantity: '-1' }, undefined)).toThrow(
      expect.objectContaining({ messages: ['Quantity must be greater than or equal to 0'] }),
    );
    expect(() => parseAdjust(ids, { quantity: 'lots' }, undefined)).toThrow(expect.objectContaining({ messages: ['Quantity is not a number'] }));
  });
});

describe('parseMove', () => {
  it('needs a sublocation; the bin is cleared unless sent', () => {
    expect(parseMove(ids, { inventory_sublocation_id: '4' }, undefined)).toEqual({ ...ids, inventory_sublocation_id: 4, sublocation_bin: null, comment: null });
    expect(parseMove(ids, { inventory_sublocation_id: '4', sublocation_bin: 'B2' }, { comment: 'to rack' })).toEqual({
      ...ids,
      inventory_sublocation_id: 4,
      sublocation_bin: 'B2',
      comment: 'to rack',
    });
    expect(() => parseMove(ids, { sublocation_bin: 'B2' }, undefined)).toThrow(
      expect.objectContaining({ code: 'invalid', messages: ["Inventory sublocation can't be blank"] }),
    );
  });
});
