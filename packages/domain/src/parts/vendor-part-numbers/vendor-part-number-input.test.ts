import { describe, expect, it } from 'vitest';
import { parseVendorPartNumber } from './vendor-part-number-input';

describe('parseVendorPartNumber', () => {
  it('reads the typed vendor part number', () => {
    expect(parseVendorPartNumber({ part_id: '1', vendor_id: '2', part_number: 'V-1', comment: 'reel' })).toEqual({
      part_id: 1,
      vendor_id: 2,
      unit_id: null,
      part_number: 'V-1',
      comment: 'reel',
    });
  });

  it('names every bad field at once', () => {
    expect(() => parseVendorPartNumber({ vendor_id: 'x', unit_id: '1.5' })).toThrow(
      expect.objectContaining({
        messages: ["Part can't be blank", 'Vendor must be an integer', 'Unit must be an integer', "Part number can't be blank"],
      }),
    );
  });
});
