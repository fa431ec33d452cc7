import { errors } from '../../errors';
import type { Linecard, Manufacturer, Vendor } from '../../records';
import type { LinecardPair } from './linecard-pair';

/** What linking a pair depends on: both ends, and the link when the pair is linked already. */
export interface LinkState {
  readonly manufacturer: Manufacturer | null;
  readonly vendor: Vendor | null;
  readonly link: Linecard | null;
}

/**
 * The pair to insert, or null when it is linked already: linking it again changes nothing.
 * The ids come in the query, as a path's would, so an unknown manufacturer or vendor is 404.
 */
export function planAddLinecard(pair: LinecardPair, state: LinkState): LinecardPair | null {
  if (!state.manufacturer) throw errors.notFound('Manufacturer', pair.manufacturer_id);
  if (!state.vendor) throw errors.notFound('Vendor', pair.vendor_id);
  return state.link ? null : pair;
}
