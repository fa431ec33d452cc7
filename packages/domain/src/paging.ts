import { errors, messages } from './errors';
import type { Input } from './fields';
import type { Repository, Row, Where } from './ports';

/** DESIGN 3: a page holds 25 records unless asked, 1000 at the most. */
export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 1000;
/** The largest page number read; beyond any list's last page, and its offset stays exact. */
const MAX_PAGE = 2_147_483_647;

/** Which page a client asked for. */
export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
}

/**
 * What a paginated list says about itself, as will_paginate counts it: pages of nothing number
 * 0, so page 1 of nothing is out of range; the previous page of a page past the end is the one
 * before it.
 */
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

/** A whole number of at least `min`; null when blank; a 400 naming the parameter otherwise. */
function wholeNumber(name: string, raw: unknown, min: number): number | null {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const text = typeof raw === 'string' ? raw.trim() : '';
  const value = /^\+?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= min && value <= MAX_PAGE)) throw errors.badRequest(messages.badPagingParameter(name, min));
  return value;
}

/**
 * `page` and `per_page` from a list's query: null when neither asks for a page (the whole list).
 * `per_page` 0 counts as absent and a larger one than MAX_PER_PAGE is cut to it; `page` must be
 * 1 or more. Anything else (text, a fraction, a negative number) is a 400 naming the parameter.
 */
export function parsePageRequest(query: Input): PageRequest | null {
  const page = wholeNumber('page', query.page, 1);
  const perPage = wholeNumber('per_page', query.per_page, 0) || null;
  if (page === null && perPage === null) return null;
  return { page: page ?? 1, perPage: Math.min(perPage ?? DEFAULT_PER_PAGE, MAX_PER_PAGE) };
}

export function paginate(request: PageRequest, totalEntries: number): Pagination {
  const totalPages = Math.ceil(totalEntries / request.perPage);
  const current = request.page;
  return {
    total_entries: totalEntries,
    total_pages: totalPages,
    per_page: request.perPage,
    current_page: current,
    first_page: current === 1,
    last_page: current === totalPages,
    previous_page: current > 1 ? current - 1 : null,
    next_page: current < totalPages ? current + 1 : null,
    out_of_range: current > totalPages,
  };
}

/** One page of `repo`'s rows matching `where`, in id order, with what the page says about itself. */
export async function findPage<T extends Row>(
  repo: Repository<T>,
  where: Where<T>,
  request: PageRequest,
): Promise<{ rows: T[]; pagination: Pagination }> {
  const pagination = paginate(request, await repo.count(where));
  const offset = (request.page - 1) * request.perPage;
  const rows = pagination.out_of_range ? [] : await repo.find(where, { offset, limit: request.perPage });
  return { rows, pagination };
}
