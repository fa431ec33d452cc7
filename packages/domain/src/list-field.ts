/**
 * How a request's list fields read, whatever the client wrote (docs/decisions.md, "XML and
 * parameters"). The codec knows no resource, so it hands over a list field as it found it; only
 * here, where the field is known to be a list, is its shape read as items.
 */

const isHash = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** A list's items are written in the singular of its name (`alternate_parts` → `alternate_part`), as the forms write them. */
const itemElement = (list: string) => list.replace(/s$/, '');

/**
 * The items of one wrapper, or null when it holds text. With `type="array"` (or a form's `[]` keys)
 * it comes as a list. Without, it is a hash of its children: one item element, or a list of
 * repeated ones; its values are the items, as in Rails' nested attributes (so a form's index keys
 * `[0]`, `[1]` work too). An empty wrapper is blank, which is an empty list.
 */
function wrapperItems(raw: unknown): unknown[] | null {
  if (isBlank(raw)) return [];
  if (Array.isArray(raw)) return raw;
  if (isHash(raw)) return Object.values(raw).flatMap((value: unknown) => (Array.isArray(value) ? value : [value]));
  return null;
}

/**
 * A wrapper sent more than once arrives as a list of wrappers: each a list itself (`type="array"`)
 * or a hash holding the list's item element. A list of items holds neither: an item is a hash of
 * its fields, and no list's items have a field named as their own element.
 */
function isRepeatedWrapper(raw: unknown[], list: string): boolean {
  const item = itemElement(list);
  return raw.some((entry) => Array.isArray(entry) || (isHash(entry) && Object.hasOwn(entry, item)));
}

/**
 * A value as the codec reads it (text, null, lists, hashes), written so that two values are equal
 * exactly when their texts are: the same text, the same items in order, the same fields in any order.
 */
export function valueKey(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(valueKey).join(',')}]`;
  if (isHash(value)) {
    const fields = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${valueKey(value[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The items of the list field `list` however the request spells it, or null when the value is no
 * list (text): one wrapper, as `wrapperItems` reads it, or the same wrapper repeated. Repeated
 * wrappers are one list, each one's items after the previous one's; a wrapper that holds exactly
 * the items of an earlier one, in the same order, is that list sent again and adds nothing (some
 * clients write the whole list once for each of its items).
 */
export function listItems(raw: unknown, list: string): unknown[] | null {
  if (!Array.isArray(raw) || !isRepeatedWrapper(raw, list)) return wrapperItems(raw);
  // Keyed, so that many wrappers cost time in proportion to their size, never to its square.
  const seen = new Set<string>();
  const joined: unknown[] = [];
  for (const wrapper of raw) {
    const items = wrapperItems(wrapper);
    if (items === null) return null;
    const key = valueKey(items);
    if (seen.has(key)) continue;
    seen.add(key);
    joined.push(...items);
  }
  return joined;
}
