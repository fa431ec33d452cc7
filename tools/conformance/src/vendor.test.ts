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
import { createContact, createManufacturer, createVendor, link, list, read } from './fixtures';
import { forms } from './forms';
import { targets } from './suite';

describe.each(targets())('vendor on $name', (target) => {
  describe('create', () => {
    it('answers the show form, fields in order, with every value written back', async () => {
      const name = unique('vendor');
      const fields = {
        name,
        short_name: 'DK',
        website: 'https://vendor.example',
        account_number: 'ACC-1',
        address1: 'a1',
        address2: 'a2',
        address3: 'a3',
        city: 'Thief River Falls',
        state: 'MN',
        postcode: '56701',
        country: 'US',
        phone1: 'p1',
        phone2: 'p2',
        phone3: 'p3',
      };
      const reply = await post(target, '/vendor', { body: xmlBody('vendor', fields) });
      const record = expectRecord(reply, 'vendor', forms.vendorShow);
      idOf(record);
      expect(record).toMatchObject(fields);
      expect(expectNestedArray(reply, 'manufacturers', 'manufacturer', ['id'])).toEqual([]);
    });

    it('writes absent optional fields as empty elements', async () => {
      const reply = await post(target, '/vendor', { body: xmlBody('vendor', { name: unique('vendor') }) });
      const record = expectRecord(reply, 'vendor', forms.vendorShow);
      expect(record).toMatchObject({ short_name: null, website: null, account_number: null, country: null });
    });

    it('refuses a blank name with 400 and creates nothing', async () => {
      const marker = unique('marker');
      const reply = await post(target, '/vendor', { body: xmlBody('vendor', { name: ' ', short_name: marker }) });
      expectErrors(reply, 400, ["Name can't be blank"]);
      const all = await list(target, 'vendor', 'vendors');
      expect(all.filter((v) => v.short_name === marker)).toEqual([]);
    });

    it('refuses a duplicate name with 400 and keeps one record', async () => {
      const name = unique('vendor');
      await createVendor(target, { name });
      expectErrors(await post(target, '/vendor', { body: xmlBody('vendor', { name }) }), 400, [
        'Name has already been taken',
      ]);
      const all = await list(target, 'vendor', 'vendors');
      expect(all.filter((v) => v.name === name)).toHaveLength(1);
    });
  });

  describe('list', () => {
    it('is vendors (type="array") of the abbreviated form and contains what was created', async () => {
      const created = await createVendor(target, { short_name: 'V', account_number: 'hidden' });
      const items = expectList(await get(target, '/vendor'), 'vendors', 'vendor', forms.vendorList);
      const item = findById(items, idOf(created));
      expect(item).toMatchObject({ name: created.name, short_name: 'V' });
      expect(item?.created_at).toMatch(TS_ISO);
      expect(item?.updated_at).toMatch(TS_ISO);
    });
  });

  describe('show', () => {
    it('answers the full form', async () => {
      const created = await createVendor(target, { account_number: '42', city: 'Here' });
      const record = expectRecord(await get(target, `/vendor/${idOf(created)}`), 'vendor', forms.vendorShow);
      expect(record).toEqual(created);
    });

    it('lists the manufacturers linked by linecard entries', async () => {
      const vendor = await createVendor(target);
      const m1 = await createManufacturer(target);
      const m2 = await createManufacturer(target);
      await link(target, idOf(m1), idOf(vendor));
      await link(target, idOf(m2), idOf(vendor));
      const reply = await get(target, `/vendor/${idOf(vendor)}`);
      expectRecord(reply, 'vendor', forms.vendorShow);
      const manufacturers = expectNestedArray(reply, 'manufacturers', 'manufacturer', ['id']);
      expect(manufacturers.map((m) => Number(m.id)).sort((a, b) => a - b)).toEqual(
        [idOf(m1), idOf(m2)].sort((a, b) => a - b),
      );
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await get(target, `/vendor/${UNKNOWN_ID}`), 'Vendor', UNKNOWN_ID);
      expectNotFound(await get(target, '/vendor/abc'), 'Vendor', 'abc');
    });
  });

  describe('update', () => {
    it('changes the fields sent and answers the show form', async () => {
      const created = await createVendor(target, { short_name: 'KEEP' });
      const id = idOf(created);
      const name = unique('vendor-renamed');
      const reply = await put(target, `/vendor/${id}`, { body: xmlBody('vendor', { name, account_number: 'NEW-9' }) });
      const record = expectRecord(reply, 'vendor', forms.vendorShow);
      expect(record).toMatchObject({ id: String(id), name, account_number: 'NEW-9', short_name: 'KEEP' });
      expect(await read(target, 'vendor', id)).toEqual(record);
    });

    it('sets a field to null with an empty element', async () => {
      const created = await createVendor(target, { account_number: 'A1' });
      const reply = await put(target, `/vendor/${idOf(created)}`, { body: '<vendor><account_number/></vendor>' });
      expect(expectRecord(reply, 'vendor', forms.vendorShow).account_number).toBeNull();
      expect((await read(target, 'vendor', idOf(created))).account_number).toBeNull();
    });

    it('refuses a duplicate or blank name with 400 and changes nothing', async () => {
      const other = await createVendor(target);
      const created = await createVendor(target);
      const id = idOf(created);
      expectErrors(
        await put(target, `/vendor/${id}`, { body: xmlBody('vendor', { name: String(other.name), city: 'X' }) }),
        400,
        ['Name has already been taken'],
      );
      expectErrors(await put(target, `/vendor/${id}`, { body: xmlBody('vendor', { name: null, city: 'X' }) }), 400, [
        "Name can't be blank",
      ]);
      expect(await read(target, 'vendor', id)).toEqual(created);
    });

    it('answers 404 for an unknown id', async () => {
      const reply = await put(target, `/vendor/${UNKNOWN_ID}`, { body: xmlBody('vendor', { name: unique('v') }) });
      expectNotFound(reply, 'Vendor', UNKNOWN_ID);
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body; the record is gone', async () => {
      const id = idOf(await createVendor(target));
      expectEmpty(await del(target, `/vendor/${id}`));
      expectNotFound(await get(target, `/vendor/${id}`), 'Vendor', id);
      expect(findById(await list(target, 'vendor', 'vendors'), id)).toBeUndefined();
    });

    it('refuses a vendor with contacts (422) and keeps both; works once the contact is gone', async () => {
      const vendor = await createVendor(target);
      const id = idOf(vendor);
      const contact = await createContact(target, { vendor_id: id });
      expectErrors(await del(target, `/vendor/${id}`), 422, ['Cannot delete record because dependent contacts exist']);
      expect(await read(target, 'vendor', id)).toEqual(vendor);
      expect(await read(target, 'contact', idOf(contact))).toEqual(contact);
      expectEmpty(await del(target, `/contact/${idOf(contact)}`));
      expectEmpty(await del(target, `/vendor/${id}`));
    });

    it('takes its linecard entries along', async () => {
      const manufacturer = await createManufacturer(target);
      const vendor = await createVendor(target);
      await link(target, idOf(manufacturer), idOf(vendor));
      expectEmpty(await del(target, `/vendor/${idOf(vendor)}`));
      const after = await get(target, `/manufacturer/${idOf(manufacturer)}`);
      expectRecord(after, 'manufacturer', forms.manufacturerShow);
      expect(expectNestedArray(after, 'vendors', 'vendor', ['id'])).toEqual([]);
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(await del(target, `/vendor/${UNKNOWN_ID}`), 'Vendor', UNKNOWN_ID);
    });
  });
});
