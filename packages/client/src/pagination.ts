import { DecodeError } from './codec/decoders';

/** `X-Pagination` (SPEC 4.8): where a page sits in its list, as the server counted it. */
export interface Pagination {
  readonly total_entries: number;
  readonly total_pages: number;
  readonly per_page: number;
  readonly current_page: number;
  readonly first_page: boolean;
  readonly last_page: boolean;
  readonly previous_page: number | null;
  readonly next_page: number | null;
  readonly out_of_range: boolean;
}

/** One page of a list: its items and the parsed `X-Pagination`. */
export interface Page<T> {
  readonly items: T[];
  readonly pagination: Pagination;
}

/** Which page to read: `per_page` up to 1000 (the server's limit; 25 when absent). */
export interface PageRequest {
  readonly page?: number;
  readonly per_page?: number;
}

const COUNTS = ['total_entries', 'total_pages', 'per_page', 'current_page'] as const;
const FLAGS = ['first_page', 'last_page', 'out_of_range'] as const;
const LINKS = ['previous_page', 'next_page'] as const;

const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The `X-Pagination` header read and checked key by key. */
export function parsePagination(header: string | null): Pagination {
  if (header === null) throw new DecodeError('X-Pagination', 'a pagination header', undefined);
  let raw: unknown;
  try {
    raw = JSON.parse(header);
  } catch {
    throw new DecodeError('X-Pagination', 'a JSON object', header);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new DecodeError('X-Pagination', 'a JSON object', header);
  const value = raw as Record<string, unknown>;
  for (const key of COUNTS) if (!isCount(value[key])) throw new DecodeError(`X-Pagination.${key}`, 'a count', String(value[key]));
  for (const key of FLAGS) if (typeof value[key] !== 'boolean') throw new DecodeError(`X-Pagination.${key}`, 'true or false', String(value[key]));
  for (const key of LINKS) {
    if (value[key] !== null && !isCount(value[key])) throw new DecodeError(`X-Pagination.${key}`, 'a page or null', String(value[key]));
  }
  const pick = <K extends keyof Pagination>(key: K) => value[key] as Pagination[K];
  return {
    total_entries: pick('total_entries'),
    total_pages: pick('total_pages'),
    per_page: pick('per_page'),
    current_page: pick('current_page'),
    first_page: pick('first_page'),
    last_page: pick('last_page'),
    previous_page: pick('previous_page'),
    next_page: pick('next_page'),
    out_of_range: pick('out_of_range'),
  };
}

/** How many items each page of an iteration asks for, unless told. */
export const ITERATION_PER_PAGE = 100;

/**
 * Every item of a paginated list, page after page, reading the next page only when the items of
 * the last are used up. A record added or removed while the walk runs may shift the pages: the
 * walk may then miss or repeat an item, as any offset paging does.
 */
export async function* walkPages<T>(readPage: (page: number) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  for (let page = 1; ; ) {
    const { items, pagination } = await readPage(page);
    yield* items;
    const next = pagination.next_page;
    if (next === null) return;
    if (next <= page) throw new DecodeError('X-Pagination.next_page', `a page after ${page}`, String(next));
    page = next;
  }
}
