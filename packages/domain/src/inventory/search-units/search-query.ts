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

type Part = 'field' | 'comparison' | 'term';

/** Anything a client may have meant as a search parameter: `term`, `Term1`, `field01`, `comparison2`. */
const SEARCH_LIKE = /^(field|comparison|term)\d*$/i;
/** What is read as one: the lower-case name and an index without leading zeros. */
const SEARCH_KEY = /^(field|comparison|term)(0|[1-9]\d*)$/;

/** Index order of canonical decimal indexes, however many digits they have. */
const byIndex = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

const textOf = (value: string | null): string | null => (value !== null && value.trim() !== '' ? value.trim() : null);

/**
 * The triples `fieldN`, `comparisonN`, `termN`, for every index N given, in index order (N from 0
 * or 1, with or without gaps). No search parameter is ever passed over: a key spelled like one but
 * not one (`term`, `Term1`, `term01`), a list or hash value, an unknown field or comparison at any
 * index is a 400 naming its parameter. A triple whose term is absent or blank asks for nothing and
 * is left out, once its field and comparison are known to be right.
 */
export function parseSearchTerms(query: Input): SearchTerm[] {
  const triples = new Map<string, Partial<Record<Part, string | null>>>();
  for (const [key, value] of Object.entries(query)) {
    if (!SEARCH_LIKE.test(key)) continue;
    const match = SEARCH_KEY.exec(key);
    if (!match) throw errors.badRequest(messages.badSearchParameter(key));
    if (value !== null && typeof value !== 'string') throw errors.badRequest(messages.searchParameterNotText(key));
    const [, part, index] = match as unknown as [string, Part, string];
    const triple = triples.get(index) ?? {};
    triple[part] = value;
    triples.set(index, triple);
  }
  const terms: SearchTerm[] = [];
  for (const index of [...triples.keys()].sort(byIndex)) {
    const triple = triples.get(index)!;
    const field = textOf(triple.field ?? null);
    const comparison = textOf(triple.comparison ?? null) ?? 'contains';
    if (field !== null && !(SEARCH_FIELDS as readonly string[]).includes(field)) throw errors.badRequest(messages.unknownSearchField(`field${index}`, field));
    if (!(COMPARISONS as readonly string[]).includes(comparison)) throw errors.badRequest(messages.unknownComparison(`comparison${index}`, comparison));
    // A term is taken as typed (spaces included); only a blank one asks for nothing.
    const term = triple.term;
    if (typeof term !== 'string' || term.trim() === '') continue;
    terms.push({ field: field as SearchField | null, comparison: comparison as Comparison, term });
  }
  return terms;
}
