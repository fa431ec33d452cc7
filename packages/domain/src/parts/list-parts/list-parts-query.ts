import { errors, messages } from '../../errors';
import type { Input } from '../../fields';
import { parseIsoTimestamp } from '../../iso-timestamp';
import { parsePageRequest, type PageRequest } from '../../paging';

/** What a part list asks for: a page (null for the whole list) and the updated_on filter. */
export interface ListPartsQuery {
  readonly page: PageRequest | null;
  /** Parts updated at or after this instant; null for every part. */
  readonly updatedSince: Date | null;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const isHash = (value: unknown): value is Input => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `filter[updated_on][gte]` (SPEC 4.6 rules 1 and 2): the one filter and the one operator; any
 * other, or a value that is no ISO 8601 timestamp with an offset, is a 400 naming it. A blank
 * filter filters nothing.
 */
function parseUpdatedSince(filter: unknown): Date | null {
  if (isBlank(filter)) return null;
  if (!isHash(filter)) throw errors.badRequest(messages.unsupportedFilter('filter'));
  const other = Object.keys(filter).find((field) => field !== 'updated_on');
  if (other !== undefined) throw errors.badRequest(messages.unsupportedFilter(`filter[${other}]`));
  const condition = filter.updated_on;
  if (isBlank(condition)) return null;
  if (!isHash(condition)) throw errors.badRequest(messages.unsupportedFilter('filter[updated_on]'));
  const operator = Object.keys(condition).find((op) => op !== 'gte');
  if (operator !== undefined) throw errors.badRequest(messages.unsupportedFilter(`filter[updated_on][${operator}]`));
  const raw = condition.gte;
  if (isBlank(raw)) return null;
  const at = typeof raw === 'string' ? parseIsoTimestamp(raw) : null;
  if (!at) throw errors.badRequest(messages.badTimestamp('filter[updated_on][gte]'));
  return at;
}

/** The parse step of the part list: its query's paging and filter. */
export function parseListPartsQuery(query: Input): ListPartsQuery {
  return { page: parsePageRequest(query), updatedSince: parseUpdatedSince(query.filter) };
}
