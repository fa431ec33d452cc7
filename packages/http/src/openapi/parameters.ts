import { DEFAULT_PER_PAGE, MAX_PER_PAGE, requestValues } from '@pips/domain';
import type { ValueSchema } from '@pips/xml/forms';
import type { QueryParameter } from './operation';

const integer = { type: 'integer' };

/** `page` and `per_page` (DESIGN 3): `0` counts as absent. */
export const pageParameters: readonly QueryParameter[] = [
  { name: 'page', description: 'The page, from 1. With `page` or `per_page` the answer is a page and carries `X-Pagination`.', schema: { ...integer, minimum: 0 } },
  {
    name: 'per_page',
    description: `Records a page (${DEFAULT_PER_PAGE} unless given, at most ${MAX_PER_PAGE}).`,
    schema: { ...integer, minimum: 0, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE },
  },
];

/** `find_by=partnumber`: the path's `:id` is then a part number. */
export const findByPartnumber: QueryParameter = {
  name: 'find_by',
  description: '`partnumber`: the path names the part by its part number instead of its id.',
  schema: { type: 'string', enum: ['partnumber'] },
};

/** The search's indexed triples (DESIGN 3; docs/decisions.md, "Inventory units"), shown for N = 0. */
export const searchParameters: readonly QueryParameter[] = [
  {
    name: 'field0',
    description:
      'Where to look; absent or empty, in every text field of the unit and its part number. More triples are `field1`, `comparison1`, `term1` and so on: any indexes (N a whole number written without leading zeros), from 0 or 1, with or without gaps, read in index order; triples are OR-ed. An unknown field is 400 at any index.',
    schema: { type: 'string', enum: [...requestValues.searchFields] },
  },
  {
    name: 'comparison0',
    description: 'How to compare, case-insensitively (default `contains`); an unknown comparison is 400 at any index, with or without a term.',
    schema: { type: 'string', enum: [...requestValues.searchComparisons], default: 'contains' },
  },
  { name: 'term0', description: 'What to look for; a triple whose term is absent or blank asks for nothing.', schema: { type: 'string' } },
];

export const integerQuery = (name: string, description: string, required = false): QueryParameter => ({
  name,
  description,
  schema: integer,
  ...(required && { required }),
});

export const textQuery = (name: string, description: string, schema: ValueSchema = { type: 'string' }): QueryParameter => ({ name, description, schema });
