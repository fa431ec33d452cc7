import { expect } from 'vitest';
import { del, get, post, unique, xmlBody, xmlFields, type Endpoint, type XmlValue } from './client';
import { expectEmpty, expectStatus, show, type Rec } from './expect-xml';

/** Creates a record through the API and returns the parsed response element (fails the test on error). */
export async function create(
  target: Endpoint,
  resource: string,
  fields: Record<string, XmlValue>,
  rawTail = '',
): Promise<Rec> {
  const reply = await post(target, `/${resource}`, { body: xmlBody(resource, fields, rawTail) });
  expectStatus(reply, 200);
  const record = reply.xml?.[resource];
  expect(record, show(reply)).toBeTypeOf('object');
  return record as Rec;
}

export async function read(target: Endpoint, resource: string, id: number, token?: string): Promise<Rec> {
  const reply = await get(target, `/${resource}/${id}`, token === undefined ? {} : { token });
  expectStatus(reply, 200);
  return reply.xml?.[resource] as Rec;
}

/** The parsed list (the plural root's items). */
export async function list(target: Endpoint, resource: string, plural: string, token?: string): Promise<Rec[]> {
  const reply = await get(target, `/${resource}`, token === undefined ? {} : { token });
  expectStatus(reply, 200);
  const items = reply.xml?.[plural];
  expect(Array.isArray(items), show(reply)).toBe(true);
  return items as Rec[];
}

export async function remove(target: Endpoint, resource: string, id: number): Promise<void> {
  expectEmpty(await del(target, `/${resource}/${id}`));
}

export const createManufacturer = (target: Endpoint, fields: Record<string, XmlValue> = {}) =>
  create(target, 'manufacturer', { name: unique('mfr'), ...fields });
export const createVendor = (target: Endpoint, fields: Record<string, XmlValue> = {}) =>
  create(target, 'vendor', { name: unique('vendor'), ...fields });
export const createCustomer = (target: Endpoint, fields: Record<string, XmlValue> = {}) =>
  create(target, 'customer', { name: unique('customer'), ...fields });
export const createContact = (target: Endpoint, fields: Record<string, XmlValue> = {}) =>
  create(target, 'contact', { first_name: 'Ada', last_name: unique('contact'), ...fields });
export const createParttype = (target: Endpoint, fields: Record<string, XmlValue> = {}) =>
  create(target, 'parttype', { name: unique('ptype'), ...fields });
export const createUnit = (target: Endpoint, fields: Record<string, XmlValue> = {}) =>
  create(target, 'unit', { name: unique('unit'), ...fields });
export const createLocation = (target: Endpoint, fields: Record<string, XmlValue> = {}, sublocationsXml = '') =>
  create(target, 'inventory_location', { name: unique('loc'), ...fields }, sublocationsXml);

/** `<inventory_sublocations type="array">` with one element per entry. */
export function sublocationsXml(items: ReadonlyArray<Record<string, XmlValue>>): string {
  const inner = items.map((item) => `<inventory_sublocation>${xmlFields(item)}</inventory_sublocation>`).join('');
  return `<inventory_sublocations type="array">${inner}</inventory_sublocations>`;
}

export async function link(target: Endpoint, manufacturerId: number, vendorId: number): Promise<void> {
  expectEmpty(await post(target, '/linecard', { query: `manufacturer_id=${manufacturerId}&vendor_id=${vendorId}` }));
}
