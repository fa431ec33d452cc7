import { describe, expect, it } from 'vitest';
import type { Linecard, Manufacturer, Vendor } from '../../records';
import { insertRow } from '../../write-plan';
import { planAddLinecard } from './plan-add-linecard';

const pair = { manufacturer_id: 1, vendor_id: 2 };
const manufacturer = { id: 1 } as Manufacturer;
const vendor = { id: 2 } as Vendor;
const link = { id: 7, ...pair, created_at: new Date(0) } satisfies Linecard;
const now = new Date('2025-01-01T00:00:00Z');
const clock = () => now;
const unread = () => {
  throw new Error('the clock is read only for a write');
};

describe('planAddLinecard', () => {
  it('inserts the link of a pair that is not linked, at the time of the write', () => {
    expect(planAddLinecard(pair, { manufacturer, vendor, link: null }, clock)).toEqual({
      steps: [insertRow('linecard', { manufacturer_id: 1, vendor_id: 2, created_at: now })],
    });
  });

  it('plans nothing for a pair linked already, and reads no clock', () => {
    expect(planAddLinecard(pair, { manufacturer, vendor, link }, unread)).toBeNull();
  });

  it('answers 404 for an unknown manufacturer first, then an unknown vendor', () => {
    expect(() => planAddLinecard(pair, { manufacturer: null, vendor: null, link: null }, clock)).toThrow(
      expect.objectContaining({ code: 'not_found', messages: ["Couldn't find Manufacturer with 'id'=1"] }),
    );
    expect(() => planAddLinecard(pair, { manufacturer, vendor: null, link: null }, clock)).toThrow(
      expect.objectContaining({ code: 'not_found', messages: ["Couldn't find Vendor with 'id'=2"] }),
    );
  });
});
