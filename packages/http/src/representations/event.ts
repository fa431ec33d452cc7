import type { EventView } from '@pips/domain';
import { form, named, nested, text, verbatim } from '@pips/xml/forms';
import type { TimeFormat } from '../time-format';
import { int, wire } from './values';

type Change = readonly [string, unknown];

/** A changed field's value as text: as written for text, numbers and booleans, JSON for a group (a part's first revision). */
function changeText([, value]: Change): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The fields a change wrote, one element each, named by column (docs/decisions.md, "Events"). */
const payloadForm = form<EventView['payload']>([
  named(
    (payload) => Object.entries(payload) as Change[],
    ([name]) => name,
    changeText,
    { pattern: '^[a-z][a-z0-9_]*$', schema: { type: 'string', description: 'A field the change wrote, named by its column; a group of fields is JSON.' } },
  ),
]);

/** One event of the feed. */
export const eventForm = form<EventView, TimeFormat>([
  verbatim('sequence', (event) => int(event.sequence), wire.int),
  text('type', (event) => event.type),
  verbatim('occurred_at', (event, time) => time.iso(event.occurredAt), wire.isoTime),
  text('token', (event) => event.token),
  text('path', (event) => event.path),
  nested('payload', payloadForm, (event) => event.payload),
]);
