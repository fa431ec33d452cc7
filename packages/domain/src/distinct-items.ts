import { messages } from './errors';
import type { Problems } from './parse-input';

/** Two read items (fields of text, numbers, booleans and nulls) with the same value in every field. */
function sameFields(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => left[key] === right[key]);
}

/**
 * The items of a list whose items are told apart by `key` (an alternate by its part, a new
 * sublocation by its name), each once: an item equal in every field to an earlier one with the
 * same key is that item again and is dropped; one with the same key and another value in any
 * field is a problem, since either could be meant. Items whose key is blank are kept (their
 * blank key is a problem already).
 */
export function distinctItems<T extends object, K extends keyof T & string>(list: string, items: readonly T[], key: K, found: Problems): T[] {
  const kept = new Map<unknown, T>();
  const out: T[] = [];
  const reported = new Set<unknown>();
  for (const item of items) {
    const value = item[key];
    if (value === null || value === undefined) {
      out.push(item);
      continue;
    }
    const first = kept.get(value);
    if (first === undefined) {
      kept.set(value, item);
      out.push(item);
    } else if (!sameFields(first, item) && !reported.has(value)) {
      reported.add(value);
      found.add({ field: list, message: messages.listedTwice(list, key, value as string | number) });
    }
  }
  return out;
}
