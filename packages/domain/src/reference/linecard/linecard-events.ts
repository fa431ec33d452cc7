import { changesOf, eventStep, type EventSource } from '../../events';
import type { InsertStep } from '../../write-plan';
import type { LinecardPair } from './linecard-pair';

/**
 * A link's path is its manufacturer's and names the vendor (`manufacturer/3/linecard/7`), as the
 * API names a link by its pair: the same for its `linecard.added` and its `linecard.removed`.
 */
const linkPath = (pair: LinecardPair) => ({ collection: `manufacturer/${pair.manufacturer_id}/linecard`, id: pair.vendor_id });

/** `linecard.added`: the link's fields. */
export const linecardAdded = (source: EventSource, pair: LinecardPair, link: InsertStep<'linecard'>): InsertStep<'event'> =>
  eventStep(source, 'linecard.added', linkPath(pair), changesOf(link));

/** `linecard.removed`: the pair it linked. */
export const linecardRemoved = (source: EventSource, pair: LinecardPair): InsertStep<'event'> =>
  eventStep(source, 'linecard.removed', linkPath(pair), { manufacturer_id: pair.manufacturer_id, vendor_id: pair.vendor_id });
