import { messages } from '../errors';
import { coerce, type Input } from '../fields';
import { parseListField, parseCreate, type Fields, type Problems } from '../parse-input';
import { parseCustomAttributes, type AttributeValue } from './custom-attributes';
import { parseValueText } from './value-text';

const nonNegative = { type: 'decimal', min: { value: '0', exclusive: false } } as const;

/** The part's own fields a body may write (SPEC 2.13, 4.6); `value` follows from `value_text`. */
export const partFields = {
  partnumber: { type: 'string' },
  manufacturer_pn: { type: 'string', required: true },
  manufacturer_id: { type: 'int', required: true },
  parttype_id: { type: 'int', required: true },
  unit_id: { type: 'int', required: true },
  preferred_vendor_id: { type: 'int' },
  inventory_price: nonNegative,
  estimated_cost: nonNegative,
  estimated_cost_currency: { type: 'string' },
  reorder_quantity: nonNegative,
  inventory_maximum: nonNegative,
  manufactured_here: { type: 'bool', default: false },
  x_outsourced: { type: 'bool' },
  x_outsourcing_location: { type: 'string' },
} as const;

/** A revision's own fields a body may write (SPEC 2.14); its `x_` attributes come beside them. */
export const revisionFields = {
  revision_name: { type: 'string', required: true },
  revision_description: { type: 'text' },
  description: { type: 'text' },
  comment: { type: 'text' },
  rohs: { type: 'bool' },
} as const;

/** One item of `alternate_parts`. */
export const alternateFields = {
  part_id: { type: 'int', required: true },
  comment: { type: 'text' },
  quality: { type: 'int' },
} as const;

export type AlternateInput = Fields<typeof alternateFields>;

/** `value` is never written by a client (SPEC 4.6 rule 5). */
export function refuseValue(input: Input, found: Problems): void {
  if (Object.hasOwn(input, 'value')) found.add(messages.valueNotSettable());
}

/** `value_text` and the `value` it stands for (both null when blank); undefined when not sent. */
export function readValueText(input: Input, found: Problems): { value_text: string | null; value: number | null } | undefined {
  if (!Object.hasOwn(input, 'value_text')) return undefined;
  const read = coerce('value_text', { type: 'string' }, input.value_text);
  if ('error' in read) {
    found.add(read.error);
    return undefined;
  }
  if (read.value === null) return { value_text: null, value: null };
  const text = String(read.value).trim();
  const value = parseValueText(text);
  if (value === null) {
    found.add(messages.notAValue('value_text'));
    return undefined;
  }
  return { value_text: text, value };
}

/** A currency code is three letters, kept upper case. */
export function checkCurrency<T extends { estimated_cost_currency?: string | null }>(fields: T, found: Problems): T {
  const code = fields.estimated_cost_currency;
  if (code === undefined || code === null) return fields;
  if (!/^[A-Za-z]{3}$/.test(code.trim())) {
    found.add(messages.currencyCode('estimated_cost_currency'));
    return fields;
  }
  return { ...fields, estimated_cost_currency: code.trim().toUpperCase() };
}

/** The revision hash of a body: undefined when absent or blank; text where a hash belongs is an error. */
export function revisionHash(input: Input, found: Problems): Input | undefined {
  const raw = input.revision;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    found.add(messages.notAHash('revision'));
    return undefined;
  }
  return raw as Input;
}

/**
 * The revision's custom attributes: its own `x_` fields in the order sent, then a part-level
 * `x_packaging` (SPEC 2.13 lists it in the part body; it lives on the revision) unless the
 * revision sets it too.
 */
export function readAttributes(input: Input, revision: Input | undefined, found: Problems): AttributeValue[] {
  const own = revision === undefined ? [] : parseCustomAttributes(revision, found);
  if (!Object.hasOwn(input, 'x_packaging') || own.some((a) => a.name === 'x_packaging')) return own;
  return [...own, ...parseCustomAttributes({ x_packaging: input.x_packaging }, found)];
}

/** `alternate_parts` (a list however spelled); undefined when not sent. Each part once. */
export function readAlternates(input: Input, found: Problems): AlternateInput[] | undefined {
  if (!Object.hasOwn(input, 'alternate_parts')) return undefined;
  const items = parseListField(input, 'alternate_parts', found, (item, own) => parseCreate(alternateFields, item, own));
  const ids = items.map((item) => item.part_id).filter((id) => id !== undefined);
  if (new Set(ids).size < ids.length) found.add(messages.inList('alternate_parts', messages.taken('part_id')));
  return items;
}

