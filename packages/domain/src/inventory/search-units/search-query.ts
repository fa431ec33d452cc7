import { errors, messages } from '../../errors';
import type { Input } from '../../fields';

/** DESIGN 3: the unit's text fields a search looks in, and its part's number. */
export const SEARCH_FIELDS = [
  'asset_id',
  'serial_number',
  'lot_code',
  'datecode',
  'details',
  'purchase_order_number',
  'vendor',
  'sublocation_bin',
  'partnumber',
] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const COMPARISONS = ['contains', 'equals', 'starts_with', 'ends_with'] as const;
export type Comparison = (typeof COMPARISONS)[number];

/** One triple: where to look (null: every field), how to compare, what for. */
export interface SearchTerm {
  readonly field: SearchField | null;
  readonly comparison: Comparison;
  readonly term: string;
}

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/**
 * The triples `fieldN`, `comparisonN`, `termN` from N = 0 while any of the three is given (a gap
 * ends the list). An unknown field or comparison is a 400 naming its parameter; a triple without
 * a term asks for nothing and is left out.
 */
export function parseSearchTerms(query: Input): SearchTerm[] {
  const terms: SearchTerm[] = [];
  for (let n = 0; [`field${n}`, `comparison${n}`, `term${n}`].some((key) => Object.hasOwn(query, key)); n++) {
    const field = textOf(query[`field${n}`]);
    const comparison = textOf(query[`comparison${n}`]) ?? 'contains';
    if (field !== null && !(SEARCH_FIELDS as readonly string[]).includes(field)) throw errors.badRequest(messages.unknownSearchField(`field${n}`, field));
    if (!(COMPARISONS as readonly string[]).includes(comparison)) throw errors.badRequest(messages.unknownComparison(`comparison${n}`, comparison));
    // A term is taken as typed (spaces included); only a blank one asks for nothing.
    const term = query[`term${n}`];
    if (typeof term !== 'string' || term.trim() === '') continue;
    terms.push({ field: field as SearchField | null, comparison: comparison as Comparison, term });
  }
  return terms;
}
