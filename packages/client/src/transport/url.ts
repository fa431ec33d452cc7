/** A query parameter: a scalar, or nested fields sent with bracket keys (`filter[updated_on][gte]`). */
export type QueryValue = string | number | boolean | null | undefined | { readonly [name: string]: QueryValue };
export type Query = { readonly [name: string]: QueryValue };

function append(search: URLSearchParams, key: string, value: QueryValue): void {
  if (value === undefined || value === null) return;
  if (typeof value === 'object') {
    for (const [name, inner] of Object.entries(value)) append(search, `${key}[${name}]`, inner);
    return;
  }
  search.append(key, String(value));
}

/** `?a=1&filter[updated_on][gte]=…`, every value percent-encoded (`+` as %2B, `:` as %3A, as SPEC 4.6 asks); '' when empty. */
export function queryString(query: Query | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) append(search, name, value);
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Path parameters, by the names a template uses (`:part_id`, `:id`). */
export type PathParams = { readonly [name: string]: string | number };

/** `/parts/:part_id/revisions/:id` with each parameter percent-encoded; a missing one is a programming error. */
export function fillPath(template: string, params: PathParams = {}): string {
  return template.replace(/:([a-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${template} needs :${name}`);
    if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new TypeError(`:${name} must be a whole number, not ${value}`);
    return encodeURIComponent(String(value));
  });
}

/** The path after the token, for messages: the token never appears in an error. */
export const API_PREFIX = '/api/v2/';
export function maskedApiPath(path: string): string {
  return `${API_PREFIX}[token]${path}`;
}
