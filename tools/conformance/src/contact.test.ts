import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  TS_ISO,
  TS_SPACE,
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectList,
  expectNotFound,
  expectRecord,
  findById,
  idOf,
} from './expect-xml';
import { createContact, createCustomer, createVendor, list, read } from './fixtures';
import { forms } from './forms';
import { targets } from './suite';

/** Milliseconds since the epoch of a TS-ISO or TS-SPACE (`2016-01-24 20:11:47 -0800`) timestamp. */
function instant(text: string): number {
  const iso = text.replace(/^(\S+) (\S+) ([+-]\d\d)(\d\d)$/, '$1T$2$3:$4');
  const ms = Date.parse(iso);
  expect(ms, text).not.toBeNaN();
  return ms;
}

describe.each(targets())('contact on $name', (target) => {
  describe('create', () => {
    it('answers the show form (job_position and customer_id appended), values written back', async () => {
      const vendor = await createVendor(target);
      const customer = await createCustomer(target);
      const fields = {
        first_name: 'Grace',
        last_name: unique('Hopper'),
        email: 'grace@example.com',
        job_position: 'Buyer',
        vendor_id: idOf(vendor),
        customer_id: idOf(customer),
        address1: 'a1',
        address2: 'a2',
        address3: 'a3',
        city: 'Arlington',
        state: 'VA',
        postcode: '22201',
        country: 'US',
        phone1: 'p1',
        phone2: 'p2',
        phone3: 'p3',
      };
      const reply = await post(target, '/contact', { body: xmlBody('contact', fields) });
      const record = expectRecord(reply, 'contact', forms.contactShow);
      idOf(record);
      expect(record).toMatchObject({ ...fields, vendor_id: String(idOf(vendor)), customer_id: String(idOf(customer)) });
      expect(record.created_on).toMatch(TS_SPACE);
      expect(record.updated_on).toMatch(TS_SPACE);
    });

    it('needs only one of the names', async () => {
      const first = await post(target, '/contact', { body: xmlBody('contact', { first_name: unique('Only') }) });
      expect(expectRecord(first, 'contact', forms.contactShow)).toMatchObject({ last_name: null, vendor_id: null, customer_id: null });
      const last = await post(target, '/contact', { body: xmlBody('contact', { last_name: unique('Only') }) });
      expect(expectRecord(last, 'contact', forms.contactShow).first_name).toBeNull();
    });

    it('refuses a contact without any name with 400 and creates nothing', async () => {
      const marker = `${unique('marker')}@example.com`;
      for (const body of [
        xmlBody('contact', { email: marker }),
        xmlBody('contact', { first_name: '', last_name: ' ', email: marker }),
      ]) {
        expectErrors(await post(target, '/contact', { body }), 400, ["Last name can't be blank"]);
      }
      expect((await list(target, 'contact', 'contacts')).filter((c) => c.email === marker)).toEqual([]);
    });

    it('refuses a vendor_id that is not an integer or names no vendor, and creates nothing', async () => {
      const marker = `${unique('marker')}@example.com`;
      expectErrors(
        await post(target, '/contact', { body: xmlBody('contact', { last_name: 'X', email: marker, vendor_id: 'abc' }) }),
        400,
        ['Vendor must be an integer'],
      );
      expectErrors(
        await post(target, '/contact', { body: xmlBody('contact', { last_name: 'X', email: marker, vendor_id: '1.5' }) }),
        400,
        ['Vendor must be an integer'],
      );
      expectErrors(
        await post(target, '/contact', {
          body: xmlBody('contact', { last_name: 'X', email: marker, vendor_id: UNKNOWN_ID }),
        }),
        400,
        ['Vendor must exist'],
      );
      expectErrors(
        await post(target, '/contact', { body: xmlBody('contact', { last_name: 'X', email: marker, customer_id: 'c1' }) }),
        400,
        ['Customer must be an integer'],
      );
      expectErrors(
        await post(target, '/contact', {
          body: xmlBody('contact', { last_name: 'X', email: marker, customer_id: UNKNOWN_ID }),
        }),
        400,
        ['Customer must exist'],
      );
      expect((await list(target, 'contact', 'contacts')).filter((c) => c.email === marker)).toEqual([]);
    });
  });

  describe('list', () => {
    it('is contacts (type="array") of the list form and contains what was created', async () => {
      const created = await createContact(target, { email: 'list@example.com', city: 'not listed' });
      const items = expectList(await get(target, '/contact'), 'contacts', 'contact', forms.contactList);
      const item = findById(items, idOf(created));
      expect(item).toMatchObject({ first_name: created.first_name, last_name: created.last_name, email: 'list@example.com' });
      expect(item?.created_at).toMatch(TS_ISO);
      expect(item?.updated_at).toMatch(TS_ISO);
      // The list's TS-ISO and the show form's TS-SPACE name the same instants.
      expect(instant(String(item?.created_at))).toBe(instant(String(created.created_on)));
      expect(instant(String(item?.updated_at))).toBe(instant(String(created.updated_on)));
    });
  });

  describe('show', () => {
    it('answers the show form', async () => {
      const vendor = await createVendor(target);
      const created = await createContact(target, { vendor_id: idOf(vendor), job_position: 'CTO' });
      const record = expectRecord(await get(target, `/contact/${idOf(created)}`), 'contact', forms.contactShow);
      expect(record).toEqual(created);
      expect(record.vendor_id).toBe(String(idOf(vendor)));
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await get(target, `/contact/${UNKNOWN_ID}`), 'Contact', UNKNOWN_ID);
      expectNotFound(await get(target, '/contact/abc'), 'Contact', 'abc');
    });
  });

  describe('update', () => {
    it('changes the fields sent and answers the show form', async () => {
      const created = await createContact(target, { email: 'old@example.com', job_position: 'Clerk' });
      const id = idOf(created);
      const customer = await createCustomer(target);
      const reply = await put(target, `/contact/${id}`, {
        body: xmlBody('contact', { email: 'new@example.com', customer_id: idOf(customer) }),
      });
      const record = expectRecord(reply, 'contact', forms.contactShow);
      expect(record).toMatchObject({
        first_name: created.first_name,
        last_name: created.last_name,
        email: 'new@example.com',
        job_position: 'Clerk',
        customer_id: String(idOf(customer)),
      });
      expect(await read(target, 'contact', id)).toEqual(record);
    });

    it('unlinks a vendor with an empty vendor_id element', async () => {
      const vendor = await createVendor(target);
      const created = await createContact(target, { vendor_id: idOf(vendor) });
      const reply = await put(target, `/contact/${idOf(created)}`, { body: '<contact><vendor_id/></contact>' });
      expect(expectRecord(reply, 'contact', forms.contactShow).vendor_id).toBeNull();
      // The vendor has no contact any more, so it can go.
      expectEmpty(await del(target, `/vendor/${idOf(vendor)}`));
    });

    it('reads a whitespace-only vendor_id as null', async () => {
      const vendor = await createVendor(target);
      const created = await createContact(target, { vendor_id: idOf(vendor) });
      const reply = await put(target, `/contact/${idOf(created)}`, { body: xmlBody('contact', { vendor_id: '  ' }) });
      expect(expectRecord(reply, 'contact', forms.contactShow).vendor_id).toBeNull();
    });

    it('refuses to clear the last name a contact has, and changes nothing', async () => {
      const created = await createContact(target, { first_name: null, email: 'keep@example.com' });
      const id = idOf(created);
      const reply = await put(target, `/contact/${id}`, {
        body: xmlBody('contact', { last_name: null, email: 'changed@example.com' }),
      });
      expectErrors(reply, 400, ["Last name can't be blank"]);
      expect(await read(target, 'contact', id)).toEqual(created);
    });

    it('refuses an unknown vendor with 400 and changes nothing', async () => {
      const created = await createContact(target);
      const id = idOf(created);
      expectErrors(await put(target, `/contact/${id}`, { body: xmlBody('contact', { vendor_id: UNKNOWN_ID }) }), 400, [
        'Vendor must exist',
      ]);
      expect(await read(target, 'contact', id)).toEqual(created);
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(
        await put(target, `/contact/${UNKNOWN_ID}`, { body: xmlBody('contact', { email: 'a@b.c' }) }),
        'Contact',
        UNKNOWN_ID,
      );
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body; the record is gone', async () => {
      const id = idOf(await createContact(target));
      expectEmpty(await del(target, `/contact/${id}`));
      expectNotFound(await get(target, `/contact/${id}`), 'Contact', id);
      expect(findById(await list(target, 'contact', 'contacts'), id)).toBeUndefined();
      expectNotFound(await del(target, `/contact/${id}`), 'Contact', id);
    });

    it('leaves its customer without it', async () => {
      const customer = await createCustomer(target);
      const contact = await createContact(target, { customer_id: idOf(customer) });
      expectEmpty(await del(target, `/contact/${idOf(contact)}`));
      expect((await read(target, 'customer', idOf(customer))).contacts).toEqual([]);
    });
  });
});
