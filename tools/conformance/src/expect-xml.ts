import { expect } from 'vitest';
import type { Reply } from './client';
import { childNames, outline, type XmlOutline } from './outline';

/** The content of one parsed element: its children by name (Rails params rules). */
export type Rec = Record<string, unknown>;

/** TS-ISO as every target writes it (SITE_TIMEZONE UTC): `2013-11-14T10:34:00+00:00`. */
export const TS_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/;
/** TS-SPACE in UTC: `2016-01-24 20:11:47 +0000`. */
export const TS_SPACE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+0000$/;
export const INTEGER = /^\d+$/;
export const XML_DECLARATION = /^<\?xml version="1\.0" encoding="UTF-8"\?>/;
/** Beyond any id the suite creates, inside a 32-bit integer. */
export const UNKNOWN_ID = 999999999;

/** What a failed assertion shows about the reply. */
export function show(reply: Reply): string {
  return `HTTP ${reply.status} ${reply.headers.get('content-type') ?? '(no content-type)'}\n${reply.text}`;
}

export function expectStatus(reply: Reply, status: number): void {
  expect(reply.status, show(reply)).toBe(status);
}

/** An XML document: `application/xml; charset=utf-8` and the XML declaration. */
export function expectXmlDocument(reply: Reply): XmlOutline {
  expect(reply.headers.get('content-type'), show(reply)).toMatch(/^application\/xml;\s*charset=utf-8$/i);
  expect(reply.text, show(reply)).toMatch(XML_DECLARATION);
  expect(reply.parseError, show(reply)).toBeNull();
  return outline(reply.text);
}

/** Status, root element and the exact, ordered list of its children; returns the parsed element. */
export function expectRecord(reply: Reply, root: string, fields: readonly string[], status = 200): Rec {
  expectStatus(reply, status);
  const doc = expectXmlDocument(reply);
  expect(doc.name, show(reply)).toBe(root);
  expect(childNames(doc), show(reply)).toEqual(fields);
  const value = reply.xml?.[root];
  expect(value, show(reply)).toBeTypeOf('object');
  return value as Rec;
}

/**
 * A list: status 200, root `root` with type="array", every child an `item` element with exactly
 * `fields`, in order. Returns the parsed items.
 */
export function expectList(reply: Reply, root: string, item: string, fields: readonly string[]): Rec[] {
  expectStatus(reply, 200);
  const doc = expectXmlDocument(reply);
  expect(doc.name, show(reply)).toBe(root);
  expect(doc.attributes.type, `${root} must carry type="array"`).toBe('array');
  expect(reply.text).toMatch(new RegExp(`<${root} type="array"\\s*/?>`));
  for (const child of doc.children) {
    expect(child.name).toBe(item);
    expect(childNames(child), `fields of one ${item} in ${root}`).toEqual(fields);
  }
  const value = reply.xml?.[root];
  expect(Array.isArray(value), show(reply)).toBe(true);
  return value as Rec[];
}

/** A child of the root that is an array (type="array") of `item` elements with exactly `fields`. */
export function expectNestedArray(
  reply: Reply,
  name: string,
  item: string,
  fields: readonly string[],
): Rec[] {
  const doc = outline(reply.text);
  const nested = doc.children.filter((c) => c.name === name);
  expect(nested.length, `one <${name}> under <${doc.name}>`).toBe(1);
  const element = nested[0] as XmlOutline;
  expect(element.attributes.type, `<${name}> must carry type="array"`).toBe('array');
  expect(reply.text).toMatch(new RegExp(`<${name} type="array"\\s*/?>`));
  for (const child of element.children) {
    expect(child.name).toBe(item);
    expect(childNames(child), `fields of one ${item} in ${name}`).toEqual(fields);
  }
  const root = reply.xml?.[doc.name] as Rec | undefined;
  const value = root?.[name];
  expect(Array.isArray(value), show(reply)).toBe(true);
  return value as Rec[];
}

/** 400/422 field or state errors: `<errors type="array"><error>…</error></errors>`, exactly `messages`. */
export function expectErrors(reply: Reply, status: number, messages: readonly string[]): void {
  expectStatus(reply, status);
  const doc = expectXmlDocument(reply);
  expect(doc.name, show(reply)).toBe('errors');
  expect(doc.attributes.type, show(reply)).toBe('array');
  expect(childNames(doc), show(reply)).toEqual(messages.map(() => 'error'));
  expect(reply.xml?.errors, show(reply)).toEqual(messages);
}

/** 401/403/404 (and whole-request 400): `<error><message>…</message></error>`. */
export function expectMessage(reply: Reply, status: number, message: string | RegExp): void {
  expectStatus(reply, status);
  const doc = expectXmlDocument(reply);
  expect(doc.name, show(reply)).toBe('error');
  expect(childNames(doc), show(reply)).toEqual(['message']);
  const text = (reply.xml?.error as Rec | undefined)?.message;
  if (typeof message === 'string') expect(text, show(reply)).toBe(message);
  else expect(text, show(reply)).toMatch(message);
}

export function expectNotFound(reply: Reply, model: string, id: number | string): void {
  expectMessage(reply, 404, `Couldn't find ${model} with 'id'=${id}`);
}

/** Each permission as SPEC names it, and as `pips token create --permission` and `token update` spell it. */
const PERMISSION_NAMES = {
  'Can manage data': 'manage_data',
  'Can view inventory': 'view_inventory',
  'Can create draft part revisions': 'create_draft_revisions',
  'Can edit released part revisions': 'edit_released_revisions',
} as const;

/** 403 naming the permission both ways, so the reader knows what to grant a token. */
export function expectForbidden(reply: Reply, permissionLabel: keyof typeof PERMISSION_NAMES): void {
  expectMessage(reply, 403, `You need the permission "${permissionLabel}" (${PERMISSION_NAMES[permissionLabel]}) for this action`);
}

/** 200 with an empty body, `Content-Length: 0` and the XML content type. */
export function expectEmpty(reply: Reply): void {
  expectStatus(reply, 200);
  expect(reply.text, show(reply)).toBe('');
  expect(reply.headers.get('content-length'), 'Content-Length of an empty success').toBe('0');
  expect(reply.headers.get('content-type')).toMatch(/^application\/xml;\s*charset=utf-8$/i);
}

export function idOf(record: Rec): number {
  expect(record.id).toMatch(INTEGER);
  return Number(record.id);
}

/** Repeated children come back as one value or a list; always a list here. */
export function many(value: unknown): Rec[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]) as Rec[];
}

export function findById(items: readonly Rec[], id: number): Rec | undefined {
  return items.find((item) => item.id === String(id));
}

/** The ids inside a list of `{ id }` elements (customer contacts, manufacturer vendors…). */
export function idsIn(value: unknown): number[] {
  return many(value).map((item) => Number(item.id));
}
