import { describe, expect, it } from 'vitest';
import { del, get, post } from './client';
import {
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectNestedArray,
  expectNotFound,
  expectRecord,
  idOf,
} from './expect-xml';
import { createManufacturer, createVendor } from './fixtures';
import { forms } from './forms';
import type { Target } from './targets';
import { targets } from './suite';

async function vendorsOf(target: Target, manufacturerId: number): Promise<number[]> {
  const reply = await get(target, `/manufacturer/${manufacturerId}`);
  expectRecord(reply, 'manufacturer', forms.manufacturerShow);
  return expectNestedArray(reply, 'vendors', 'vendor', ['id']).map((v) => Number(v.id));
}

async function manufacturersOf(target: Target, vendorId: number): Promise<number[]> {
  const reply = await get(target, `/vendor/${vendorId}`);
  expectRecord(reply, 'vendor', forms.vendorShow);
  return expectNestedArray(reply, 'manufacturers', 'manufacturer', ['id']).map((m) => Number(m.id));
}

const pair = (m: number | string, v: number | string) => `manufacturer_id=${m}&vendor_id=${v}`;

describe.each(targets())('linecard on $name', (target) => {
  describe('create', () => {
    it('links a vendor to a manufacturer: 200, empty body, both sides show the link', async () => {
      const m = idOf(await createManufacturer(target));
      const v = idOf(await createVendor(target));
      expectEmpty(await post(target, '/linecard', { query: pair(m, v) }));
      expect(await vendorsOf(target, m)).toEqual([v]);
      expect(await manufacturersOf(target, v)).toEqual([m]);
    });

    it('accepts a trailing slash', async () => {
      const m = idOf(await createManufacturer(target));
      const v = idOf(await createVendor(target));
      expectEmpty(await post(target, '/linecard/', { query: pair(m, v) }));
      expect(await vendorsOf(target, m)).toEqual([v]);
      expectEmpty(await del(target, '/linecard/', { query: pair(m, v) }));
      expect(await vendorsOf(target, m)).toEqual([]);
    });

    it('is idempotent: linking a linked pair answers 200 and changes nothing', async () => {
      const m = idOf(await createManufacturer(target));
      const v = idOf(await createVendor(target));
      expectEmpty(await post(target, '/linecard', { query: pair(m, v) }));
      expectEmpty(await post(target, '/linecard', { query: pair(m, v) }));
      expect(await vendorsOf(target, m)).toEqual([v]);
      expect(await manufacturersOf(target, v)).toEqual([m]);
    });

    it('refuses missing or non-integer parameters with 400 and links nothing', async () => {
      const m = idOf(await createManufacturer(target));
      const v = idOf(await createVendor(target));
      expectErrors(await post(target, '/linecard', { query: `vendor_id=${v}` }), 400, ["Manufacturer can't be blank"]);
      expectErrors(await post(target, '/linecard', { query: `manufacturer_id=${m}` }), 400, ["Vendor can't be blank"]);
      expectErrors(await post(target, '/linecard'), 400, ["Manufacturer can't be blank", "Vendor can't be blank"]);
      expectErrors(await post(target, '/linecard', { query: pair(m, '') }), 400, ["Vendor can't be blank"]);
      expectErrors(await post(target, '/linecard', { query: pair(m, 'abc') }), 400, ['Vendor must be an integer']);
      expectErrors(await post(target, '/linecard', { query: pair('1.5', 'x') }), 400, [
        'Manufacturer must be an integer',
        'Vendor must be an integer',
      ]);
      expect(await vendorsOf(target, m)).toEqual([]);
      expect(await manufacturersOf(target, v)).toEqual([]);
    });

    it('answers 404 for an unknown manufacturer or vendor and links nothing', async () => {
      const m = idOf(await createManufacturer(target));
      const v = idOf(await createVendor(target));
      expectNotFound(await post(target, '/linecard', { query: pair(UNKNOWN_ID, v) }), 'Manufacturer', UNKNOWN_ID);
      expectNotFound(await post(target, '/linecard', { query: pair(m, UNKNOWN_ID) }), 'Vendor', UNKNOWN_ID);
      expect(await vendorsOf(target, m)).toEqual([]);
      expect(await manufacturersOf(target, v)).toEqual([]);
    });

    it('links one manufacturer to several vendors and one vendor to several manufacturers', async () => {
      const m1 = idOf(await createManufacturer(target));
      const m2 = idOf(await createManufacturer(target));
      const v1 = idOf(await createVendor(target));
      const v2 = idOf(await createVendor(target));
      for (const [m, v] of [
        [m1, v1],
        [m1, v2],
        [m2, v1],
      ] as const) {
        expectEmpty(await post(target, '/linecard', { query: pair(m, v) }));
      }
      const byId = (a: number, b: number) => a - b;
      expect((await vendorsOf(target, m1)).sort(byId)).toEqual([v1, v2].sort(byId));
      expect(await vendorsOf(target, m2)).toEqual([v1]);
      expect((await manufacturersOf(target, v1)).sort(byId)).toEqual([m1, m2].sort(byId));
      expect(await manufacturersOf(target, v2)).toEqual([m1]);
    });
  });

  describe('delete', () => {
    it('unlinks the pair: 200, empty body, both sides drop the link, other links stay', async () => {
      const m = idOf(await createManufacturer(target));
      const v1 = idOf(await createVendor(target));
      const v2 = idOf(await createVendor(target));
      expectEmpty(await post(target, '/linecard', { query: pair(m, v1) }));
      expectEmpty(await post(target, '/linecard', { query: pair(m, v2) }));
      expectEmpty(await del(target, '/linecard', { query: pair(m, v1) }));
      expect(await vendorsOf(target, m)).toEqual([v2]);
      expect(await manufacturersOf(target, v1)).toEqual([]);
    });

    it('answers 404 for a pair that is not linked', async () => {
      const m = idOf(await createManufacturer(target));
      const v = idOf(await createVendor(target));
      expectNotFound(await del(target, '/linecard', { query: pair(m, v) }), 'Linecard', `${m}/${v}`);
      expectEmpty(await post(target, '/linecard', { query: pair(m, v) }));
      expectEmpty(await del(target, '/linecard', { query: pair(m, v) }));
      expectNotFound(await del(target, '/linecard', { query: pair(m, v) }), 'Linecard', `${m}/${v}`);
    });

    it('refuses missing or non-integer parameters with 400 and unlinks nothing', async () => {
      const m = idOf(await createManufacturer(target));
      const v = idOf(await createVendor(target));
      expectEmpty(await post(target, '/linecard', { query: pair(m, v) }));
      expectErrors(await del(target, '/linecard', { query: `manufacturer_id=${m}` }), 400, ["Vendor can't be blank"]);
      expectErrors(await del(target, '/linecard'), 400, ["Manufacturer can't be blank", "Vendor can't be blank"]);
      expectErrors(await del(target, '/linecard', { query: pair('m', v) }), 400, ['Manufacturer must be an integer']);
      expect(await vendorsOf(target, m)).toEqual([v]);
    });
  });
});
