import { describe, expect, it } from 'vitest';
import { del, get, post, put, unique, xmlBody } from './client';
import {
  UNKNOWN_ID,
  expectEmpty,
  expectErrors,
  expectList,
  expectNestedArray,
  expectNotFound,
  expectRecord,
  findById,
  idOf,
  idsIn,
} from './expect-xml';
import { createContact, createCustomer, list, read } from './fixtures';
import { forms } from './forms';
import { targets } from './suite';

describe.each(targets())('customer on $name', (target) => {
  describe('create', () => {
    it('answers the customer form, fields in order, with every value written back', async () => {
      const fields = {
        name: unique('customer'),
        email: 'buyer@example.com',
        discount: '12.50',
        tax_identification_number: 'DE123',
        account_number: 'C-77',
        credit_terms: 'Net 30',
        credit_limit: '5000',
        payment_method: 'wire',
      };
      const reply = await post(target, '/customer', { body: xmlBody('customer', fields) });
      const record = expectRecord(reply, 'customer', forms.customer);
      idOf(record);
      // discount is a decimal, written canonically; credit_limit is text, kept as sent.
      expect(record).toMatchObject({ ...fields, discount: '12.5', credit_limit: '5000' });
      expect(expectNestedArray(reply, 'contacts', 'contact', ['id'])).toEqual([]);
    });

    it.each([
      ['10', '10.0'],
      ['0.0090', '0.009'],
      ['-2.5', '-2.5'],
      ['1e2', '100.0'],
      [' 7 ', '7.0'],
      ['0', '0.0'],
    ])('writes the decimal discount %j canonically as %s', async (sent, written) => {
      const record = await createCustomer(target, { discount: sent });
      expect(record.discount).toBe(written);
      expect((await read(target, 'customer', idOf(record))).discount).toBe(written);
    });

    it('writes absent optional fields as empty elements', async () => {
      const reply = await post(target, '/customer', { body: xmlBody('customer', { name: unique('customer') }) });
      const record = expectRecord(reply, 'customer', forms.customer);
      expect(record).toMatchObject({ email: null, discount: null, credit_limit: null, payment_method: null });
    });

    it('refuses a blank name with 400 and creates nothing', async () => {
      const marker = `${unique('marker')}@example.com`;
      expectErrors(await post(target, '/customer', { body: xmlBody('customer', { name: '', email: marker }) }), 400, [
        "Name can't be blank",
      ]);
      expect((await list(target, 'customer', 'customers')).filter((c) => c.email === marker)).toEqual([]);
    });

    it('refuses a non-numeric discount with 400 and creates nothing', async () => {
      const marker = `${unique('marker')}@example.com`;
      const reply = await post(target, '/customer', {
        body: xmlBody('customer', { name: unique('customer'), email: marker, discount: 'ten' }),
      });
      expectErrors(reply, 400, ['Discount is not a number']);
      expect((await list(target, 'customer', 'customers')).filter((c) => c.email === marker)).toEqual([]);
    });

    it('refuses a discount with more than 10 fractional digits instead of rounding it', async () => {
      const marker = `${unique('marker')}@example.com`;
      const reply = await post(target, '/customer', {
        body: xmlBody('customer', { name: unique('customer'), email: marker, discount: '0.12345678901' }),
      });
      expectErrors(reply, 400, ['Discount must have at most 20 digits before and 10 after the decimal point']);
      expect((await list(target, 'customer', 'customers')).filter((c) => c.email === marker)).toEqual([]);
    });

    it('refuses a discount with more than 20 integer digits', async () => {
      const reply = await post(target, '/customer', {
        body: xmlBody('customer', { name: unique('customer'), discount: '123456789012345678901' }),
      });
      expectErrors(reply, 400, ['Discount must have at most 20 digits before and 10 after the decimal point']);
    });

    it('reads a whitespace-only discount as null', async () => {
      expect((await createCustomer(target, { discount: '   ' })).discount).toBeNull();
    });

    it('keeps credit_limit as text', async () => {
      expect((await createCustomer(target, { credit_limit: 'unlimited' })).credit_limit).toBe('unlimited');
    });

    it('reports every field error at once, in field order', async () => {
      const reply = await post(target, '/customer', { body: xmlBody('customer', { discount: 'x', name: '' }) });
      expectErrors(reply, 400, ["Name can't be blank", 'Discount is not a number']);
    });

    it('allows two customers with the same name', async () => {
      const name = unique('customer');
      await createCustomer(target, { name });
      expectRecord(await post(target, '/customer', { body: xmlBody('customer', { name }) }), 'customer', forms.customer);
    });
  });

  describe('list', () => {
    it('is customers (type="array") of the customer form and contains what was created', async () => {
      const created = await createCustomer(target, { discount: '3', email: 'list@example.com' });
      const contact = await createContact(target, { customer_id: idOf(created) });
      const items = expectList(await get(target, '/customer'), 'customers', 'customer', forms.customer);
      const item = findById(items, idOf(created));
      expect(item).toMatchObject({ name: created.name, discount: '3.0', email: 'list@example.com' });
      expect(idsIn(item?.contacts)).toEqual([idOf(contact)]);
      expect(await read(target, 'customer', idOf(created))).toEqual(item);
    });
  });

  describe('show', () => {
    it('lists the ids of the contacts created with its customer_id', async () => {
      const customer = await createCustomer(target);
      const id = idOf(customer);
      const c1 = await createContact(target, { customer_id: id });
      const c2 = await createContact(target, { customer_id: id });
      await createContact(target); // not this customer's
      const reply = await get(target, `/customer/${id}`);
      const record = expectRecord(reply, 'customer', forms.customer);
      expect(record.name).toBe(customer.name);
      const contacts = expectNestedArray(reply, 'contacts', 'contact', ['id']);
      expect(contacts.map((c) => Number(c.id)).sort((a, b) => a - b)).toEqual([idOf(c1), idOf(c2)].sort((a, b) => a - b));
    });

    it('answers 404 for an unknown or non-integer id', async () => {
      expectNotFound(await get(target, `/customer/${UNKNOWN_ID}`), 'Customer', UNKNOWN_ID);
      expectNotFound(await get(target, '/customer/abc'), 'Customer', 'abc');
    });
  });

  describe('update', () => {
    it('changes the fields sent and answers the customer form', async () => {
      const created = await createCustomer(target, { email: 'old@example.com', credit_terms: 'Net 10' });
      const id = idOf(created);
      const reply = await put(target, `/customer/${id}`, {
        body: xmlBody('customer', { email: 'new@example.com', discount: '5.000' }),
      });
      const record = expectRecord(reply, 'customer', forms.customer);
      expect(record).toMatchObject({ name: created.name, email: 'new@example.com', discount: '5.0', credit_terms: 'Net 10' });
      expect(await read(target, 'customer', id)).toEqual(record);
    });

    it('sets a decimal to null with an empty element', async () => {
      const created = await createCustomer(target, { discount: '1.5' });
      const reply = await put(target, `/customer/${idOf(created)}`, { body: '<customer><discount/></customer>' });
      expect(expectRecord(reply, 'customer', forms.customer).discount).toBeNull();
      expect((await read(target, 'customer', idOf(created))).discount).toBeNull();
    });

    it('refuses a non-numeric discount or blank name with 400 and changes nothing', async () => {
      const created = await createCustomer(target, { discount: '2' });
      const id = idOf(created);
      expectErrors(
        await put(target, `/customer/${id}`, { body: xmlBody('customer', { discount: '1,5', email: 'x@example.com' }) }),
        400,
        ['Discount is not a number'],
      );
      expectErrors(await put(target, `/customer/${id}`, { body: xmlBody('customer', { name: '  ' }) }), 400, [
        "Name can't be blank",
      ]);
      expect(await read(target, 'customer', id)).toEqual(created);
    });

    it('answers 404 for an unknown id', async () => {
      const reply = await put(target, `/customer/${UNKNOWN_ID}`, { body: xmlBody('customer', { email: 'a@b.c' }) });
      expectNotFound(reply, 'Customer', UNKNOWN_ID);
    });
  });

  describe('delete', () => {
    it('answers 200 with an empty body; the record is gone', async () => {
      const id = idOf(await createCustomer(target));
      expectEmpty(await del(target, `/customer/${id}`));
      expectNotFound(await get(target, `/customer/${id}`), 'Customer', id);
      expect(findById(await list(target, 'customer', 'customers'), id)).toBeUndefined();
    });

    it('refuses a customer with contacts (422) and keeps both; works once the contact is gone', async () => {
      const customer = await createCustomer(target);
      const id = idOf(customer);
      const contact = await createContact(target, { customer_id: id });
      expectErrors(await del(target, `/customer/${id}`), 422, ['Cannot delete record because dependent contacts exist']);
      const after = await read(target, 'customer', id);
      expect(after.name).toBe(customer.name);
      expect(idsIn(after.contacts)).toEqual([idOf(contact)]);
      expect(await read(target, 'contact', idOf(contact))).toEqual(contact);
      expectEmpty(await del(target, `/contact/${idOf(contact)}`));
      expectEmpty(await del(target, `/customer/${id}`));
    });

    it('answers 404 for an unknown id', async () => {
      expectNotFound(await del(target, `/customer/${UNKNOWN_ID}`), 'Customer', UNKNOWN_ID);
    });
  });
});
