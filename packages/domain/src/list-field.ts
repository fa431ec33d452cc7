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
