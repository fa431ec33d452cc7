import type { Pagination } from '@pips/domain';
import { paginationHeader } from '../pagination-header';
import type { Schema } from './form-schema';

/** A page that has pages on both sides, so every key of the header holds a value. */
const samplePage: Pagination = {
  total_entries: 60,
  total_pages: 3,
  per_page: 25,
  current_page: 2,
  first_page: false,
  last_page: false,
  previous_page: 1,
  next_page: 3,
  out_of_range: false,
};

/** The header's keys in the order the header writer puts them (DESIGN 3), typed by their values. */
function paginationSchema(): Schema {
  const written = JSON.parse(paginationHeader(samplePage)) as Record<string, unknown>;
  const properties: Schema = {};
  for (const [key, value] of Object.entries(written)) {
    const type = typeof value === 'boolean' ? 'boolean' : 'integer';
    properties[key] = key === 'previous_page' || key === 'next_page' ? { type: [type, 'null'] } : { type };
  }
  return { type: 'object', properties, required: Object.keys(properties) };
}

/** Headers some answers carry. */
export function headerSchemas(): Record<string, Schema> {
  const keys = Object.keys(JSON.parse(paginationHeader(samplePage)) as object);
  return {
    XPagination: {
      description: `The page, a JSON object with the keys ${keys.join(', ')}, in that order. Sent when a page is asked for (\`page\` or \`per_page\`), and always on a search.`,
      content: { 'application/json': { schema: paginationSchema(), example: JSON.parse(paginationHeader(samplePage)) } },
    },
    RetryAfter: { description: 'Whole seconds to wait before trying again.', schema: { type: 'integer', minimum: 0 } },
    IdempotentReplayed: {
      description: '`true` when the answer is the one kept for an earlier request with the same `Idempotency-Key`: this request changed nothing.',
      schema: { type: 'string', enum: ['true'] },
    },
  };
}
