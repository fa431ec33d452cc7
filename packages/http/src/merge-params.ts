import type { ParamValue, Params } from '@pips/xml';

function isHash(value: ParamValue | undefined): value is Params {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}

/** Deep merge of query and body parameters; where both give a value the body wins. Inputs are not changed. */
export function mergeParams(query: Params, body: Params): Params {
  const merged = Object.create(null) as Params;
  for (const source of [query, body]) {
    for (const [key, value] of Object.entries(source)) {
      const existing = merged[key];
      const next = isHash(existing) && isHash(value) ? mergeParams(existing, value) : value;
      // defineProperty, never assignment: a key such as `__proto__` stays plain data.
      Object.defineProperty(merged, key, { value: next, writable: true, enumerable: true, configurable: true });
    }
  }
  return merged;
}
