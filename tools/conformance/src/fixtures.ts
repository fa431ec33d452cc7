import { expect } from 'vitest';
import { del, get, post, unique, xmlBody, xmlFields, type XmlValue } from './client';
import { expectEmpty, expectStatus, show, type Rec } from './expect-xml';
import type { Target } from './targets';

/** Creates a record through the API and returns the parsed response element (fails the test on error). */
export async function create(
  target: Target,
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

export async function read(target: Target, resource: string, id: number, token?: string): Promise<Rec> {
  const reply = await get(target, `/${resource}/${id}`, token === undefined ? {} : { token });
  expectStatus(reply, 200);
  return reply.xml?.[resource] as Rec;
}

/** The parsed list (the plural root's items). */
export async function list(target: Target, resource: string, plural: string, token?: string): Promise<Rec[]> {
  const reply = await get(target, `/${resource}`, token === undefined ? {} : { token });
  expectStatus(reply, 200);
  const items = reply.xml?.[plural];
  expect(Array.isArray(items), show(reply)).toBe(true);
  return items as Rec[];
}

export async function remove(target: Target, resource: string, id: number): Promise<void> {
  expectEmpty(await del(target, `/${resource}/${id}`));
}

export const createManufacturer = (target: Target, fields: Record<string, XmlValue> = {}) =>
  create(target, 'manufacturer', { name: unique('mfr'), ...fields });
export const createVendor = (target: Target, fields: Record<string, XmlValue> = {}) =>
  create(target, 'vendor', { name: unique('vendor'), ...fields });
export const createCustomer = (target: Target, fields: Record<string, XmlValue> = {}) =>
  create(target, 'customer', { name: unique('customer'), ...fields });
export const createContact = (target: Target, fields: Record<string, XmlValue> = {}) =>
  create(target, 'contact', { first_name: 'Ada', last_name: unique('contact'), ...fields });
export const createParttype = (target: Target, fields: Record<string, XmlValue> = {}) =>
  create(target, 'parttype', { name: unique('ptype'), ...fields });
export const createUnit = (target: Target, fields: Record<string, XmlValue> = {}) =>
  create(target, 'unit', { name: unique('unit'), ...fields });
export const createLocation = (target: Target, fields: Record<string, XmlValue> = {}, sublocationsXml = '') =>
  create(target, 'inventory_location', { name: unique('loc'), ...fields }, sublocationsXml);

/** `<inventory_sublocations type="array">` with one element per entry. */
export function sublocationsXml(items: ReadonlyArray<Record<string, XmlValue>>): string {
  const inner = items.map((item) => `<inventory_sublocation>${xmlFields(item)}</inventory_sublocation>`).join('');
  return `<inventory_sublocations type="array">${inner}</inventory_sublocations>`;
}

export async function link(target: Target, manufacturerId: number, vendorId: number): Promise<void> {
  expectEmpty(await post(target, '/linecard', { query: `manufacturer_id=${manufacturerId}&vendor_id=${vendorId}` }));
}
