import { fieldProblem, messages } from '../errors';
import { coerce, type Input } from '../fields';
import { parseListField, parseCreate, within, type Fields, type Problems } from '../parse-input';
import { isCurrencyCode } from '../site';
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

/** `value_text` and the `value` it stands for (both null when blank); undefined when not sent. */
function readValueText(input: Input, found: Problems): { value_text: string | null; value: number | null } | undefined {
  if (!Object.hasOwn(input, 'value_text')) return undefined;
  const read = coerce('value_text', { type: 'string' }, input.value_text);
  if ('error' in read) {
    found.add(fieldProblem('value_text', read.error));
    return undefined;
  }
  if (read.value === null) return { value_text: null, value: null };
  const text = String(read.value).trim();
  const value = parseValueText(text);
  if (value === null) {
    found.add(fieldProblem('value_text', messages.notAValue('value_text')));
    return undefined;
  }
  return { value_text: text, value };
}

/** An ISO 4217 code in any case, kept in capitals; null (the site currency) stays null. */
export function checkCurrency<T extends { estimated_cost_currency?: string | null }>(fields: T, found: Problems): T {
  const code = fields.estimated_cost_currency?.trim().toUpperCase();
  if (code === undefined) return fields;
  if (!isCurrencyCode(code)) found.add(fieldProblem('estimated_cost_currency', messages.unknownCurrency('estimated_cost_currency')));
  return { ...fields, estimated_cost_currency: code };
}

/** The revision hash of a body: undefined when absent or blank; null (and an error) for text or a list. */
function revisionHash(input: Input, found: Problems): Input | null | undefined {
  const raw = input.revision;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    found.add(fieldProblem('revision', messages.notAHash('revision')));
    return null;
  }
  return raw as Input;
}

/**
 * The revision's custom attributes: its own `x_` fields in the order sent, then a part-level
 * `x_packaging` (SPEC 2.13 lists it in the part body; it lives on the revision) unless the
 * revision sets it too.
 */
function readAttributes(input: Input, revision: Input | null | undefined, found: Problems): AttributeValue[] {
  const own = revision ? parseCustomAttributes(revision, within(found, 'revision')) : [];
  if (!Object.hasOwn(input, 'x_packaging') || own.some((a) => a.name === 'x_packaging')) return own;
  return [...own, ...parseCustomAttributes({ x_packaging: input.x_packaging }, found)];
}

/** `alternate_parts` (a list however spelled); undefined when not sent. A part is one alternate, however often it is listed. */
function readAlternates(input: Input, found: Problems): AlternateInput[] | undefined {
  if (!Object.hasOwn(input, 'alternate_parts')) return undefined;
  return parseListField(input, 'alternate_parts', found, (item, own) => parseCreate(alternateFields, item, own), { distinctBy: 'part_id' });
}

/** What a create and an update read alike from a part body, besides the part's and revision's own fields. */
export interface PartBody {
  /** `value_text` with the `value` it stands for; undefined when not sent. */
  readonly valueText: { readonly value_text: string | null; readonly value: number | null } | undefined;
  /** The `revision` hash; undefined when not sent (or blank), null when no hash (already a problem). */
  readonly revision: Input | null | undefined;
  readonly attributes: readonly AttributeValue[];
  /** undefined when not sent. */
  readonly alternates: readonly AlternateInput[] | undefined;
}

/**
 * Reads what a part body holds beyond plain fields: `value` is refused (SPEC 4.6 rule 5), `value_text`
 * must read as a number, `revision` must be a hash, its custom attributes and the alternates are
 * read item by item. Problems go to `found`.
 */
export function readPartBody(input: Input, found: Problems): PartBody {
  if (Object.hasOwn(input, 'value')) found.add(fieldProblem('value', messages.valueNotSettable()));
  const revision = revisionHash(input, found);
  return {
    valueText: readValueText(input, found),
    revision,
    attributes: readAttributes(input, revision, found),
    alternates: readAlternates(input, found),
  };
}
