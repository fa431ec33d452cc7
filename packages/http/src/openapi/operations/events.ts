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
        'Every committed change, in the order of its gap-free `sequence` number: a page never leaves out an event numbered below its last one, so `after` set to the last `sequence` read resumes with nothing missed. Stock events (`inventory_unit.…`, `purchase_order.imported`) need "Can view inventory"; without it they are left out. With `wait`, an empty answer waits up to that many seconds for the next event.',
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
