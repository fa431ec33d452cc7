import type { Pagination } from '@pips/domain';
import type { AppContext } from './app-state';

/**
 * The `X-Pagination` header (SPEC 4.8, DESIGN 3): a JSON object, keys in this order, written
 * compactly as Rails' `to_json` writes a hash.
 */
export function paginationHeader(pagination: Pagination): string {
  return JSON.stringify({
    total_entries: pagination.total_entries,
    total_pages: pagination.total_pages,
    per_page: pagination.per_page,
    current_page: pagination.current_page,
    first_page: pagination.first_page,
    last_page: pagination.last_page,
    previous_page: pagination.previous_page,
    next_page: pagination.next_page,
    out_of_range: pagination.out_of_range,
  });
}

/** Sets `X-Pagination` when a page was asked for; a whole list has none. */
export function setPagination(ctx: AppContext, pagination: Pagination | null): void {
  if (pagination) ctx.set('X-Pagination', paginationHeader(pagination));
}
