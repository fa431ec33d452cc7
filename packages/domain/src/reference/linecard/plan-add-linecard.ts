import { errors } from '../../errors';
import type { Linecard, Manufacturer, Vendor } from '../../records';
import { insertRow, writePlan, type WritePlan } from '../../write-plan';
import type { LinecardPair } from './linecard-pair';

/** What linking a pair depends on: both ends, and the link when the pair is linked already. */
export interface LinkState {
  readonly manufacturer: Manufacturer | null;
  readonly vendor: Vendor | null;
  readonly link: Linecard | null;
}

/**
 * The link's insert, or null when the pair is linked already: linking it again changes nothing.
 * The ids come in the query, as a path's would, so an unknown manufacturer or vendor is 404.
 * `now` is read only for a write (the harness's clock moves on at every reading).
 */
export function planAddLinecard(pair: LinecardPair, state: LinkState, now: () => Date): WritePlan | null {
  if (!state.manufacturer) throw errors.notFound('Manufacturer', pair.manufacturer_id);
  if (!state.vendor) throw errors.notFound('Vendor', pair.vendor_id);
  return state.link ? null : writePlan([insertRow('linecard', { ...pair, created_at: now() })]);
}
