import { describe, expect, it } from 'vitest';
import { parseLinecardPair } from './linecard-pair';

describe('parseLinecardPair', () => {
  it('reads both ids as integers, and nothing else', () => {
    const pair = parseLinecardPair({ manufacturer_id: '1', vendor_id: ' 2 ', token: 'x' });
    const ids: [number, number] = [pair.manufacturer_id, pair.vendor_id];
    expect(ids).toEqual([1, 2]);
    expect(pair).toEqual({ manufacturer_id: 1, vendor_id: 2 });
  });

  it.each([
    [{}, ["Manufacturer can't be blank", "Vendor can't be blank"]],
    [{ manufacturer_id: 'one', vendor_id: '' }, ['Manufacturer must be an integer', "Vendor can't be blank"]],
    [{ manufacturer_id: '1', vendor_id: '2.5' }, ['Vendor must be an integer']],
  ])('refuses %j with every problem at once', (input, problems) => {
    expect(() => parseLinecardPair(input)).toThrow(expect.objectContaining({ code: 'invalid', messages: problems }));
  });
});
