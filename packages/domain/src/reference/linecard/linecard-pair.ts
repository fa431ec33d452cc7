import type { Input } from '../../fields';
import { parseCreate, problems, type Fields } from '../../parse-input';

const pairFields = {
  manufacturer_id: { type: 'int', required: true },
  vendor_id: { type: 'int', required: true },
} as const;

/** The two ends of a link, as both linecard operations name them. */
export type LinecardPair = Fields<typeof pairFields>;

/** The parse step: both ids are required integers; every problem is reported at once (400). */
export function parseLinecardPair(input: Input): LinecardPair {
  const found = problems();
  const pair = parseCreate(pairFields, input, found);
  found.check();
  return pair;
}
