import { longerThan } from '../characters';
import { fieldProblem, messages } from '../errors';
import { coerce, type Input } from '../fields';
import type { Problems } from '../parse-input';
import type { PartRevisionAttribute } from '../records';
import { STRING_LENGTH } from '../tables/column';
import { rubyFloat } from './ruby-float';
import { parseValueText } from './value-text';

/** Custom attributes holding a number: the number is `value`, what the client wrote `value_text` (SPEC 2.14). */
export const NUMERIC_ATTRIBUTES: readonly string[] = ['x_mass', 'x_power'];

/** `x_` and at least one more character; the rest as element names allow (`x_temperature-characteristic`). */
const ATTRIBUTE_NAME = /^x_[A-Za-z0-9_.-]+$/;

export const isCustomAttributeName = (name: string): boolean => name.startsWith('x_');

/** A custom attribute as a request sets it. */
export interface AttributeValue {
  readonly name: string;
  readonly value: string | null;
  readonly value_text: string | null;
}

function readAttribute(name: string, raw: unknown, found: Problems): AttributeValue | null {
  if (!ATTRIBUTE_NAME.test(name) || longerThan(name, STRING_LENGTH)) {
    found.add(fieldProblem(name, messages.badAttributeName(name)));
    return null;
  }
  const read = coerce(name, { type: 'text' }, raw);
  if ('error' in read) {
    found.add(fieldProblem(name, read.error));
    return null;
  }
  const text = read.value === null ? null : String(read.value).trim();
  if (text === null || !NUMERIC_ATTRIBUTES.includes(name)) return { name, value: text, value_text: null };
  const number = parseValueText(text);
  if (number === null || longerThan(text, STRING_LENGTH)) {
    found.add(fieldProblem(name, messages.notAValue(name)));
    return null;
  }
  return { name, value: rubyFloat(number), value_text: text };
}

/**
 * Every `x_` field of a revision hash, in the order sent (the order they are kept in). A blank one
 * is null: the attribute stays, empty. `x_mass` and `x_power` must read as a number with an
 * optional SI prefix and unit.
 */
export function parseCustomAttributes(input: Input, found: Problems): AttributeValue[] {
  return Object.entries(input)
    .filter(([name]) => isCustomAttributeName(name))
    .flatMap(([name, raw]) => readAttribute(name, raw, found) ?? []);
}

export interface AttributeChanges {
  readonly update: ReadonlyArray<{ readonly id: number; readonly value: string | null; readonly value_text: string | null }>;
  readonly insert: ReadonlyArray<AttributeValue & { readonly position: number }>;
}

/**
 * How `sent` changes a revision's attributes: one it already has keeps its place and takes the
 * new value; a new one is appended after the last, in the order sent.
 */
export function planAttributes(existing: readonly PartRevisionAttribute[], sent: readonly AttributeValue[]): AttributeChanges {
  const byName = new Map(existing.map((attribute) => [attribute.name, attribute]));
  let position = existing.reduce((last, attribute) => Math.max(last, attribute.position), 0);
  const update: Array<AttributeChanges['update'][number]> = [];
  const insert: Array<AttributeChanges['insert'][number]> = [];
  for (const attribute of sent) {
    const current = byName.get(attribute.name);
    if (current) update.push({ id: current.id, value: attribute.value, value_text: attribute.value_text });
    else insert.push({ ...attribute, position: ++position });
  }
  return { update, insert };
}

/** A revision's attributes in the order they were defined. */
export function inDefinedOrder(attributes: readonly PartRevisionAttribute[]): PartRevisionAttribute[] {
  return [...attributes].sort((a, b) => a.position - b.position || a.id - b.id);
}
