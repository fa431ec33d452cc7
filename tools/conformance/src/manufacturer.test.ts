import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  TS_ISO,
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectList,
  expectNestedArray,
  expectNotFound,
  expectRecord,
  findById,
  idOf,
} from './expect-xml';
import { createManufacturer, createVendor, link, list, read } from './fixtures';
import { forms } from './forms';
import { targets } from './suite';

const ADDRESS = {
  address1: '1 Main St',
  address2: 'Suite 2',
  address3: 'Floor 3',
  city: 'Springfield',
  state: 'OR',
  postcode: '97477',
  country: 'US',
  phone1: '+1 555 0100',
  phone2: '+1 555 0101',
  phone3: '+1 555 0102',
};

describe.each(targets())('manufacturer on $name', (target) => {
  describe('create', () => {
    it('answers the show form, fields in order, with every value written back', async () => {
      const name = unique('mfr');
      const reply = await post(target, '/manufacturer', {
        body: xmlBody('manufacturer', { name, short_name: 'ACME', website: 'https://acme.example', ...ADDRESS }),
      });
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      idOf(record);
      expect(record).toMatchObject({ name, short_name: 'ACME', website: 'https://acme.example', ...ADDRESS });
      expect(expectNestedArray(reply, 'vendors', 'vendor', ['id'])).toEqual([]);
    });

    it('writes absent optional fields as empty elements', async () => {
      const name = unique('mfr');
      const reply = await post(target, '/manufacturer', { body: xmlBody('manufacturer', { name }) });
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      expect(record).toMatchObject({ name, short_name: null, website: null, address1: null, phone3: null });
      expect(reply.text).toContain('<website/>');
    });

    it('refuses a missing, empty or blank name with 400 and creates nothing', async () => {
      const marker = unique('marker');
      for (const body of [
        xmlBody('manufacturer', { short_name: marker }),
        xmlBody('manufacturer', { name: null, short_name: marker }),
        xmlBody('manufacturer', { name: '   ', short_name: marker }),
      ]) {
        expectErrors(await post(target, '/manufacturer', { body }), 400, ["Name can't be blank"]);
      }
      const all = await list(target, 'manufacturer', 'manufacturers');
      expect(all.filter((m) => m.short_name === marker)).toEqual([]);
    });

    it('refuses a duplicate name with 400 and keeps one record', async () => {
      const name = unique('mfr');
      await createManufacturer(target, { name });
      const reply = await post(target, '/manufacturer', { body: xmlBody('manufacturer', { name }) });
      expectErrors(reply, 400, ['Name has already been taken']);
      const all = await list(target, 'manufacturer', 'manufacturers');
      expect(all.filter((m) => m.name === name)).toHaveLength(1);
    });

    it('treats names case-sensitively', async () => {
      const name = unique('mfr');
      await createManufacturer(target, { name });
      const reply = await post(target, '/manufacturer', { body: xmlBody('manufacturer', { name: name.toUpperCase() }) });
      expectRecord(reply, 'manufacturer', forms.manufacturerShow);
    });

    it('refuses a name longer than 255 characters', async () => {
      const marker = unique('marker');
      const reply = await post(target, '/manufacturer', {
        body: xmlBody('manufacturer', { name: 'x'.repeat(256), short_name: marker }),
      });
      expectErrors(reply, 400, ['Name is too long (maximum is 255 characters)']);
      const all = await list(target, 'manufacturer', 'manufacturers');
      expect(all.filter((m) => m.short_name === marker)).toEqual([]);
    });
  });

  describe('list', () => {
    it('is manufacturers (type="array") of the abbreviated form and contains what was created', async () => {
      const created = await createManufacturer(target, { short_name: 'SN', website: 'https://x.example' });
      const items = expectList(await get(target, '/manufacturer'), 'manufacturers', 'manufacturer', forms.manufacturerList);
      const item = findById(items, idOf(created));
      expect(item).toMatchObject({ name: created.name, short_name: 'SN' });
      expect(item?.created_at).toMatch(TS_ISO);
      expect(item?.updated_at).toMatch(TS_ISO);
    });
  });

  describe('show', () => {
    it('answers the full form', async () => {
      const created = await createManufacturer(target, { website: 'https://show.example', ...ADDRESS });
      const reply = await get(target, `/manufacturer/${idOf(created)}`);
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      expect(record).toEqual(created);
    });

    it('lists the vendors linked by linecard entries', async () => {
      const manufacturer = await createManufacturer(target);
      const v1 = await createVendor(target);
      const v2 = await createVendor(target);
      await link(target, idOf(manufacturer), idOf(v1));
      await link(target, idOf(manufacturer), idOf(v2));
      const reply = await get(target, `/manufacturer/${idOf(manufacturer)}`);
      expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      const vendors = expectNestedArray(reply, 'vendors', 'vendor', ['id']);
      expect(vendors.map((v) => Number(v.id)).sort((a, b) => a - b)).toEqual([idOf(v1), idOf(v2)].sort((a, b) => a - b));
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(await get(target, `/manufacturer/${UNKNOWN_ID}`), 'Manufacturer', UNKNOWN_ID);
    });

    it('answers 404 for an id that is not an integer', async () => {
      expectNotFound(await get(target, '/manufacturer/abc'), 'Manufacturer', 'abc');
      expectNotFound(await get(target, '/manufacturer/1.5'), 'Manufacturer', '1.5');
    });

    it('answers 404 for an id beyond any integer column', async () => {
      expectNotFound(await get(target, '/manufacturer/99999999999999999999'), 'Manufacturer', '99999999999999999999');
    });
  });

  describe('update', () => {
    it('changes the fields sent and answers the show form', async () => {
      const created = await createManufacturer(target, { short_name: 'OLD', city: 'Old Town' });
      const id = idOf(created);
      const name = unique('mfr-renamed');
      const reply = await put(target, `/manufacturer/${id}`, {
        body: xmlBody('manufacturer', { name, website: 'https://new.example' }),
      });
      const record = expectRecord(reply, 'manufacturer', forms.manufacturerShow);
      expect(record).toMatchObject({ id: String(id), name, website: 'https://new.example', short_name: 'OLD', city: 'Old Town' });
      expect(await read(target, 'manufacturer', id)).toEqual(record);
    });

    it('sets a field to null with an empty element', async () => {
      const created = await createManufacturer(target, { website: 'https://gone.example' });
      const id = idOf(created);
      const reply = await put(target, `/manufacturer/${id}`, { body: '<manufacturer><website/></manufacturer>' });
      expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow).website).toBeNull();
      const after = await read(target, 'manufacturer', id);
      expect(after.website).toBeNull();
      expect(after.name).toBe(created.name);
    });

    it('refuses a blank name with 400 and changes nothing', async () => {
      const created = await createManufacturer(target, { website: 'https://keep.example' });
      const id = idOf(created);
      const reply = await put(target, `/manufacturer/${id}`, {
        body: xmlBody('manufacturer', { name: '', website: 'https://changed.example' }),
      });
      expectErrors(reply, 400, ["Name can't be blank"]);
      expect(await read(target, 'manufacturer', id)).toEqual(created);
    });

    it('refuses the name of another manufacturer with 400 and changes nothing', async () => {
      const other = await createManufacturer(target);
      const created = await createManufacturer(target);
      const id = idOf(created);
      const reply = await put(target, `/manufacturer/${id}`, {
        body: xmlBody('manufacturer', { name: String(other.name), website: 'https://changed.example' }),
      });
      expectErrors(reply, 400, ['Name has already been taken']);
      expect(await read(target, 'manufacturer', id)).toEqual(created);
    });

    it('accepts its own name unchanged', async () => {
      const created = await createManufacturer(target);
      const reply = await put(target, `/manufacturer/${idOf(created)}`, {
        body: xmlBody('manufacturer', { name: String(created.name), short_name: 'SAME' }),
      });
      expect(expectRecord(reply, 'manufacturer', forms.manufacturerShow).short_name).toBe('SAME');
    });

    it('answers 404 for an unknown id', async () => {
      const reply = await put(target, `/manufacturer/${UNKNOWN_ID}`, { body: xmlBody('manufacturer', { name: unique('x') }) });
      expectNotFound(reply, 'Manufacturer', UNKNOWN_ID);
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body; the record is gone', async () => {
      const created = await createManufacturer(target);
      const id = idOf(created);
      expectEmpty(await del(target, `/manufacturer/${id}`));
      expectNotFound(await get(target, `/manufacturer/${id}`), 'Manufacturer', id);
      const all = await list(target, 'manufacturer', 'manufacturers');
      expect(findById(all, id)).toBeUndefined();
      expectNotFound(await del(target, `/manufacturer/${id}`), 'Manufacturer', id);
    });

    it('takes its linecard entries along', async () => {
      const manufacturer = await createManufacturer(target);
      const vendor = await createVendor(target);
      await link(target, idOf(manufacturer), idOf(vendor));
      expectEmpty(await del(target, `/manufacturer/${idOf(manufacturer)}`));
      const after = await get(target, `/vendor/${idOf(vendor)}`);
      expectRecord(after, 'vendor', forms.vendorShow);
      expect(expectNestedArray(after, 'manufacturers', 'manufacturer', ['id'])).toEqual([]);
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await del(target, `/manufacturer/${UNKNOWN_ID}`), 'Manufacturer', UNKNOWN_ID);
      expectNotFound(await del(target, '/manufacturer/1x'), 'Manufacturer', '1x');
    });
  });
});
