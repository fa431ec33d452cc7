import type { CompiledElement } from '@pips/xml/forms';
import { listOf, type Operation } from '../operation';
import { integerQuery, textQuery } from '../parameters';

type Element = CompiledElement<never, never>;

/** The event feed (an extension: SPEC shows no events). */
export function eventOperations(element: Element) {
  return {
    list: {
      id: 'listEvents',
      summary: 'Read the changes after a sequence number',
      description:
        'Every committed change, in the order of its gap-free `sequence` number: a page never leaves out an event numbered below its last one, so `after` set to the last `sequence` read resumes with nothing missed. Types are `<resource>.<change>`: `part.created|updated|deleted`; `inventory_unit.created|updated|adjusted|consumed|moved|split|disposed|deleted`; `revision.created|released|deleted`; `subpart.added|changed|removed`; `purchase_order.imported`; `<reference table>.created|updated|deleted` (the sublocations nested in a location as `inventory_sublocation.…`, the conversions going with a unit as `unit_conversion.deleted`); `quote.added|removed`; `vendor_part_number.added|removed`; `linecard.added|removed`; `attachment.added|removed`; `token.issued|updated|revoked`; `site_secret.rotated` (the download link key; never its value, nor the secret of any token). Stock events (`inventory_unit.…`, `inventory_location.…`, `inventory_sublocation.…`) need "Can view inventory", token and key events "Can manage data"; without it they are left out. With `wait`, an empty answer waits up to that many seconds for the next event.',
      tag: 'Events',
      extension: true,
      query: [
        integerQuery('after', 'Answer the events numbered above this (default 0).'),
        integerQuery('limit', 'At most this many events, 1 to 1000 (default 100).'),
        textQuery('type', 'One type (`inventory_unit.split`) or family (`inventory_unit`).'),
        integerQuery('wait', 'Seconds to wait when no event is there yet, 0 to 30 (default 0).'),
      ],
      response: listOf('events', element, 'Event'),
    },
  } satisfies Record<string, Operation>;
}
