import { messages } from './errors';
import { asInput, readFields, type Coerced, type FieldSpecs, type Input } from './fields';

/** A field whose value is a list of hashes, each read with `items` (a location's `inventory_sublocations`). */
export interface ListField {
  readonly name: string;
  readonly items: FieldSpecs;
}

/**
 * The items of a list however the request spells it, or null when the value is no list (text).
 * With `type="array"` (or a form's `[]` keys) it comes as a list. Without, the wrapper element is
 * a hash of its children: one item element, or a list of repeated ones; its values are the items,
 * as in Rails' nested attributes (so a form's index keys `[0]`, `[1]` work too). An empty wrapper
 * is blank, which is an empty list.
 */
export function listItems(raw: unknown): unknown[] | null {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'string') return raw.trim() === '' ? [] : null;
  if (typeof raw === 'object') return Object.values(raw).flatMap((value: unknown) => (Array.isArray(value) ? value : [value]));
  return null;
}

/**
 * Reads every item of `list` in `input` as a create reads fields. Messages name the list:
 * `Inventory sublocations name can't be blank`.
 */
export function readList(list: ListField, input: Input): { values: Record<string, Coerced>[]; errors: string[] } {
  const items = listItems(input[list.name]);
  if (items === null) return { values: [], errors: [messages.notAList(list.name)] };
  const problems: string[] = [];
  const values = items.map((item) => {
    const read = readFields(list.items, asInput(item), 'create');
    problems.push(...read.errors.map((message) => messages.inList(list.name, message)));
    return read.values;
  });
  return { values, errors: problems };
}
