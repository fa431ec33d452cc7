import { describe, expect, it } from 'vitest';
import type { Linecard, Manufacturer, Vendor } from '../../records';
import { planAddLinecard } from './plan-add-linecard';

const pair = { manufacturer_id: 1, vendor_id: 2 };
const manufacturer = { id: 1 } as Manufacturer;
const vendor = { id: 2 } as Vendor;
const link = { id: 7, ...pair, created_at: new Date(0) } satisfies Linecard;

describe('planAddLinecard', () => {
  it('links a pair that is not linked', () => {
    expect(planAddLinecard(pair, { manufacturer, vendor, link: null })).toEqual(pair);
  });

  it('changes nothing for a pair linked already', () => {
    expect(planAddLinecard(pair, { manufacturer, vendor, link })).toBeNull();
  });

  it('answers 404 for an unknown manufacturer first, then an unknown vendor', () => {
    expect(() => planAddLinecard(pair, { manufacturer: null, vendor: null, link: null })).toThrow(
      expect.objectContaining({ code: 'not_found', messages: ["Couldn't find Manufacturer with 'id'=1"] }),
    );
    expect(() => planAddLinecard(pair, { manufacturer, vendor: null, link: null })).toThrow(
      expect.objectContaining({ code: 'not_found', messages: ["Couldn't find Vendor with 'id'=2"] }),
    );
  });
});
