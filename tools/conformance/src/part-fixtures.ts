import { expect } from 'vitest';
import { get, post, unique, xmlBody, type Endpoint, type Reply, type XmlValue } from './client';
import { expectRecord, expectStatus, expectXmlDocument, idOf, show, type Rec } from './expect-xml';
import { createManufacturer, createParttype, createUnit } from './fixtures';
import { childNames, outline, type XmlOutline } from './outline';
import { partForms } from './part-forms';

/** The records a part needs: a manufacturer, a part type and a unit, made fresh. */
export interface PartSetting {
  manufacturerId: number;
  parttypeId: number;
  unitId: number;
}

export async function partSetting(target: Endpoint, parttype: Record<string, XmlValue> = {}): Promise<PartSetting> {
  return {
    manufacturerId: idOf(await createManufacturer(target)),
    parttypeId: idOf(await createParttype(target, parttype)),
    unitId: idOf(await createUnit(target)),
  };
}

/** `<revision>…</revision>` with `fields` (the raw tail of a part body). */
export function revisionXml(fields: Record<string, XmlValue>): string {
  return xmlBody('revision', fields).replace(/^<\?xml[^>]*\?>/, '');
}

/** A part body: the required fields from `setting`, `fields` on top, a revision named A unless `revision` says. */
export function partBody(
  setting: PartSetting,
  fields: Record<string, XmlValue> = {},
  revision: Record<string, XmlValue> = { revision_name: 'A' },
  rawTail = '',
): string {
  const required = {
    manufacturer_pn: unique('mpn'),
    manufacturer_id: setting.manufacturerId,
    parttype_id: setting.parttypeId,
    unit_id: setting.unitId,
  };
  return xmlBody('part', { ...required, ...fields }, revisionXml(revision) + rawTail);
}

/** Creates a part (the test fails on an error) and returns the parsed show form. */
export async function createPart(
  target: Endpoint,
  setting: PartSetting,
  fields: Record<string, XmlValue> = {},
  revision?: Record<string, XmlValue>,
  rawTail = '',
): Promise<Rec> {
  const reply = await post(target, '/part', { body: partBody(setting, fields, revision, rawTail) });
  expectStatus(reply, 200);
  const record = reply.xml?.part;
  expect(record, show(reply)).toBeTypeOf('object');
  return record as Rec;
}

export async function readPart(target: Endpoint, id: number | string, query?: string): Promise<Rec> {
  const reply = await get(target, `/part/${id}`, query === undefined ? {} : { query });
  expectStatus(reply, 200);
  return reply.xml?.part as Rec;
}

/** The child `name` of the reply's root, with its children in order. */
export function childOf(reply: Reply, name: string): XmlOutline {
  const found = outline(reply.text).children.filter((child) => child.name === name);
  expect(found.length, `one <${name}> in\n${reply.text}`).toBe(1);
  return found[0] as XmlOutline;
}

/** A show reply: the part form (with or without outsourcing) and the revision's fields with `attributes`. */
export function expectPartShow(reply: Reply, attributes: string[] = [], outsourced = false): Rec {
  const record = expectRecord(reply, 'part', partForms.show(outsourced));
  expect(childNames(childOf(reply, 'revision')), show(reply)).toEqual(partForms.revision(...attributes));
  expect(childNames(childOf(reply, 'part_visibility_set'))).toEqual(partForms.visibilitySet);
  expect(childNames(childOf(reply, 'manufacturer_family'))).toEqual(partForms.manufacturerFamily);
  return record;
}

/**
 * `parts` (type="array") of list forms: each part with or without the outsourcing fields, its
 * active revision with the revision fields first. Returns the parsed items.
 */
export function expectPartList(reply: Reply): Rec[] {
  expectStatus(reply, 200);
  const doc = expectXmlDocument(reply);
  expect(doc.name, show(reply)).toBe('parts');
  expect(doc.attributes.type).toBe('array');
  for (const item of doc.children) {
    expect(item.name).toBe('part');
    const outsourced = childNames(item).includes('x_outsourced');
    expect(childNames(item)).toEqual(partForms.list(outsourced));
    const revision = item.children.find((child) => child.name === 'active_revision') as XmlOutline;
    expect(childNames(revision).slice(0, partForms.revision().length)).toEqual(partForms.revision());
  }
  const items = reply.xml?.parts;
  if (doc.children.length === 0) return [];
  expect(Array.isArray(items), show(reply)).toBe(true);
  return items as Rec[];
}

/** Every part, unpaged. */
export async function listParts(target: Endpoint, query?: string): Promise<Rec[]> {
  return expectPartList(await get(target, '/part', query === undefined ? {} : { query }));
}

/** The X-Pagination header, parsed; its keys must come in DESIGN 3's order. */
export function pagination(reply: Reply): Record<string, unknown> {
  const header = reply.headers.get('x-pagination');
  expect(header, show(reply)).toBeTruthy();
  const parsed = JSON.parse(header as string) as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual([
    'total_entries',
    'total_pages',
    'per_page',
    'current_page',
    'first_page',
    'last_page',
    'previous_page',
    'next_page',
    'out_of_range',
  ]);
  return parsed;
}
