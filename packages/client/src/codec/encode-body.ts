import { buildXml, fields, list, type XmlNode } from '@pips/xml';

/** What a request body field may hold: text, an id, a boolean, null (sent empty: clears the field), nested fields or a list. */
export type BodyValue = string | number | boolean | null | undefined | BodyFields | readonly BodyFields[];
export interface BodyFields {
  readonly [name: string]: BodyValue;
}

/** `inventory_sublocations` → `inventory_sublocation`: a list's items are named in the singular. */
const itemName = (listName: string) => (listName.endsWith('s') ? listName.slice(0, -1) : `${listName}_item`);

function node(name: string, value: BodyValue): XmlNode | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    // Numbers are ids and counts; a decimal goes as the exact string it is (`'0.0125'`).
    if (!Number.isSafeInteger(value)) throw new TypeError(`${name} must be a whole number (send decimals as strings), not ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return list(itemName(name), value.map((item: BodyFields) => fieldsOf(item)));
  return fieldsOf(value as BodyFields);
}

function fieldsOf(value: BodyFields) {
  const entries: Array<readonly [string, XmlNode]> = [];
  for (const [name, field] of Object.entries(value)) {
    const built = node(name, field);
    if (built !== undefined) entries.push([name, built]);
  }
  return fields(entries);
}

/**
 * A request body: `root` holding the fields in the order given, through the codec's builder, so
 * names are checked and text escaped as every PIPS document is. Undefined fields are left out; a
 * null is an empty element, which the server reads as null.
 */
export function encodeBody(root: string, value: object): string {
  return buildXml(root, fieldsOf(value as BodyFields));
}
